/*
 * Attention playground: sliders for the raw scores that 它 (it) gives to
 * 它 / 是 / 一只 / 猫 and for a temperature; live softmax weights as bars, as a
 * heatmap row and as numbers.
 *
 * The markup comes from attention_site/playground.py (build time, via {{ widget.playground }})
 * and already shows the article's values; this script only enables the sliders
 * and keeps everything in step. No framework, no network.
 *
 * State on the root element ([data-attention-playground]), JSON in the words' order:
 *   data-scores, data-temperature, data-weights
 * Heatmap colours: data-colormap on the same element, the viridis stops of
 * attention_site/playground.py (VIRIDIS_STOPS), so both sides share one table. Cells are
 * opaque and the same in light and dark mode: brighter = more weight, like the
 * heatmap figure.
 * Readout: each [data-ap-ratio="i j"] shows weight i / weight j (unrounded), see ratioText.
 * API: window.attentionPlayground.softmax(scores, temperature), .shade(weight, stops),
 * .ratioText(ratio) and .init(scope).
 */
(function () {
  "use strict";

  /**
   * softmax(scores / temperature): weights that are positive and sum to 1.
   * Same steps as snippets/softmax.py: divide, subtract the largest value
   * (so exp() never overflows: exp(1000) is Infinity, exp(0) is 1), exp, normalise.
   * A score of -Infinity gets weight 0; NaN, +Infinity or no finite score throw.
   */
  function softmax(scores, temperature) {
    if (temperature === undefined) temperature = 1;
    if (!Array.isArray(scores) || scores.length === 0) {
      throw new TypeError("softmax: scores must be a non-empty array of numbers");
    }
    if (typeof temperature !== "number" || !isFinite(temperature) || temperature <= 0) {
      throw new RangeError("softmax: temperature must be a finite number > 0, got " + temperature);
    }
    var scaled = scores.map(function (s, i) {
      if (typeof s !== "number" || Number.isNaN(s) || s === Infinity) {
        throw new RangeError("softmax: score at index " + i + " is " + s);
      }
      return s / temperature;
    });
    var largest = Math.max.apply(null, scaled);
    if (largest === -Infinity) {
      throw new RangeError("softmax: every score is -Infinity; at least one must be finite");
    }
    var exps = scaled.map(function (x) { return Math.exp(x - largest); }); // each in [0, 1]
    var total = exps.reduce(function (a, b) { return a + b; }, 0); // >= 1: the largest gives exp(0)
    return exps.map(function (e) { return e / total; });
  }

  function rgb(hex) { // "#21918c" -> [33, 145, 140]
    return [1, 3, 5].map(function (i) { return parseInt(hex.slice(i, i + 2), 16); });
  }

  /** WCAG 2 relative luminance of "#rrggbb": 0 (black) .. 1 (white). */
  function luminance(hex) {
    var c = rgb(hex).map(function (v) {
      v = v / 255;
      return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }

  function contrast(a, b) {
    var la = luminance(a), lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }

  function hex2(v) { return (v < 16 ? "0" : "") + v.toString(16); }

  /**
   * Colours of a heatmap cell: {background, text}, both "#rrggbb". `stops` are
   * evenly spaced over weights 0..1 and interpolated linearly; the text is white
   * or black, whichever contrasts more. Same arithmetic as shade() in
   * attention_site/playground.py, so both give the same colours for the same weight.
   */
  function shade(weight, stops) {
    if (typeof weight !== "number" || !(weight >= 0 && weight <= 1)) {
      throw new RangeError("shade: weight must be a number in 0..1, got " + weight);
    }
    if (!Array.isArray(stops) || stops.length < 2) {
      throw new TypeError("shade: need an array of at least 2 colour stops");
    }
    var x = weight * (stops.length - 1);
    var i = Math.min(Math.floor(x), stops.length - 2); // the stop below (the last segment includes 1)
    var f = x - i;
    var low = rgb(stops[i]), high = rgb(stops[i + 1]);
    var background = "#" + low.map(function (a, k) {
      return hex2(Math.floor(a + (high[k] - a) * f + 0.5));
    }).join("");
    var text = contrast(background, "#ffffff") >= contrast(background, "#000000") ? "#ffffff" : "#000000";
    return { background: background, text: text };
  }

  var SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"; // superscript 0-9

  /**
   * A weight ratio as the readout shows it: "6.0", "0.37", "2.7 × 10⁴³" (one
   * decimal from 1 to 10 000, two significant digits from 0.0001 to 1, powers of
   * ten beyond). With `words` ({over, under, limit}: the span's data-over, data-under and
   * data-limit, GIST_LIMIT), a ratio beyond the limit either way is said in those words.
   * Same as ratio_text() in attention_site/playground.py.
   */
  function ratioText(r, words) {
    var limit = words ? Number(words.limit) : Infinity;
    if (r > limit || r < 1 / limit) return r > limit ? words.over : words.under;
    if (r >= 1 && r < 1e4) return r.toFixed(1);
    if (r >= 1e-4 && r < 1) return r.toPrecision(2);
    var parts = r.toExponential(1).split("e");
    return parts[0] + " \u00d7 10" + String(Number(parts[1])).replace(/\d/g, function (d) {
      return SUPERSCRIPT[d];
    }).replace("-", "\u207b");
  }

  function each(root, selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
  }

  /** Whether every score can move by `delta` and stay on its slider (a clamped one would change the gaps). */
  function canShift(root, delta) {
    return Array.prototype.every.call(root.querySelectorAll('input[data-ap-input="score"]'), function (input) {
      var moved = Number(input.value) + delta;
      return moved >= Number(input.min) - 1e-9 && moved <= Number(input.max) + 1e-9;
    });
  }

  /** Read the sliders, compute, and write every number, bar, cell and data attribute. */
  function update(root) {
    var scores = [];
    each(root, 'input[data-ap-input="score"]', function (input) {
      scores[Number(input.dataset.index)] = Number(input.value);
    });
    var temperatureInput = root.querySelector('input[data-ap-input="temperature"]');
    var temperature = Number(temperatureInput.value);
    var weights = softmax(scores, temperature);
    var stops = JSON.parse(root.dataset.colormap);

    root.dataset.scores = JSON.stringify(scores);
    root.dataset.temperature = JSON.stringify(temperature);
    root.dataset.weights = JSON.stringify(weights);

    scores.forEach(function (score, i) {
      var weight = weights[i];
      var text = weight.toFixed(2);
      each(root, '[data-ap-score="' + i + '"]', function (el) { el.textContent = score.toFixed(1); });
      each(root, '[data-ap-weight="' + i + '"]', function (el) { el.textContent = text; });
      each(root, '[data-ap-bar="' + i + '"]', function (el) { el.style.width = (weight * 100).toFixed(4) + "%"; });
      var colours = shade(weight, stops);
      each(root, '[data-ap-cell="' + i + '"]', function (el) {
        el.style.backgroundColor = colours.background;
        el.style.color = colours.text;
      });
    });
    each(root, "[data-ap-temperature]", function (el) { el.textContent = temperature.toFixed(1); });
    // "猫 gets r times the weight of 一只": data-ap-ratio="i j", from the unrounded weights
    each(root, "[data-ap-ratio]", function (el) {
      var pair = el.dataset.apRatio.split(" ");
      el.textContent = ratioText(weights[pair[0]] / weights[pair[1]], el.dataset);
    });
    // ...and, past 10 000 either way, what that means in words: gist() in attention_site/playground.py
    each(root, "[data-ap-gist]", function (el) {
      var pair = el.dataset.apGist.split(" "), r = weights[pair[0]] / weights[pair[1]], limit = Number(el.dataset.limit);
      el.textContent = r >= limit ? el.dataset.hi : r <= 1 / limit ? el.dataset.lo : "";
    });
    var stuck = false;  // a shift button is off: say why (a score at its slider's end)
    each(root, "[data-ap-shift]", function (button) {
      button.disabled = !canShift(root, Number(button.dataset.apShift));
      stuck = stuck || button.disabled;
    });
    each(root, "[data-ap-limit]", function (el) { el.hidden = !stuck; });
  }

  /** Bring every playground under `scope` to life; safe to call again (binds once). */
  function init(scope) {
    each(scope || document, "[data-attention-playground]", function (root) {
      if (root.dataset.ready === "true") return;
      each(root, "input[data-ap-input]", function (input) {
        input.disabled = false;
        input.addEventListener("input", function () { update(root); });
      });
      var reset = root.querySelector("[data-ap-reset]");
      if (reset) {
        reset.disabled = false;
        reset.addEventListener("click", function () {
          each(root, "input[data-ap-input]", function (input) { input.value = input.defaultValue; });
          update(root);
        });
      }
      each(root, "[data-ap-shift]", function (button) {
        button.addEventListener("click", function () {
          var delta = Number(button.dataset.apShift);
          if (!canShift(root, delta)) return;
          each(root, 'input[data-ap-input="score"]', function (input) {
            input.value = (Number(input.value) + delta).toFixed(1);
          });
          update(root);
        });
      });
      update(root);
      root.dataset.ready = "true";
    });
  }

  window.attentionPlayground = { softmax: softmax, shade: shade, ratioText: ratioText, init: init };

  // Material's instant navigation swaps pages without reloading scripts: it
  // announces each new page on document$. Without it, the DOM is ready already
  // (extra_javascript is loaded at the end of <body>) or soon will be.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { init(document); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { init(document); });
  } else {
    init(document);
  }
})();
