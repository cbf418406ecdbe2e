/*
 * Attention playground: sliders for the raw scores that 它 (it) gives to
 * 它 / 是 / 一只 / 猫 and for a temperature; live softmax weights as bars, as a
 * heatmap row and as numbers.
 *
 * The markup comes from attention_site/widgets/playground/ (build time, via {{ widget.playground }})
 * and already shows the article's values; this script only enables the sliders
 * and keeps everything in step. No framework, no network.
 *
 * State on the root element ([data-attention-playground]), JSON in the words' order:
 *   data-scores, data-temperature, data-weights
 * Heatmap colours: data-colormap on the same element, the viridis stops of
 * attention_site/widgets/colour.py (VIRIDIS_STOPS), so both sides share one table. Cells are
 * opaque and the same in light and dark mode: brighter = more weight, like the
 * heatmap figure.
 * Readout: each [data-ap-ratio="i j"] shows weight i / weight j (unrounded), see ratioText.
 * softmax and the cell colours come from widgets-core.js (window.attentionWidgets),
 * loaded before this file.
 * API: window.attentionPlayground.ratioText(ratio) and .init(scope).
 */
(function () {
  "use strict";

  var core = window.attentionWidgets;  // widgets-core.js: softmax, shade, start

  var SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"; // superscript 0-9

  /**
   * A weight ratio as the readout shows it: "6.0", "0.37", "2.7 × 10⁴³" (one
   * decimal from 1 to 10 000, two significant digits from 0.0001 to 1, powers of
   * ten beyond). With `words` ({over, under, limit}: the span's data-over, data-under and
   * data-limit, GIST_LIMIT), a ratio beyond the limit either way is said in those words.
   * Same as ratio_text() in attention_site/widgets/playground/readout.py.
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
    var weights = core.softmax(scores, temperature);
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
      var colours = core.shade(weight, stops);
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
    // ...and, past 10 000 either way, what that means in words: gist() in attention_site/widgets/playground/readout.py
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

  window.attentionPlayground = { ratioText: ratioText, init: init };
  core.start(init);
})();
