/*
 * What the page's widgets share, written once: the stable softmax, the heatmap colours
 * (WCAG luminance and contrast, a cell's background and its text colour) and the start-up
 * that brings a widget to life on page load and on Material's instant navigation.
 *
 * overrides/partials/widgets.html loads it before the widgets' own files (playground.js,
 * explorer.js, exercises.js), on pages that carry a widget only; each of those keeps only
 * its DOM wiring. The Python twins are snippets.softmax and attention_site/widgets/colour.py
 * (shade, contrast); tests/test_widgets_core_browser.py compares this file with them.
 *
 * Strict, not forgiving: softmax and shade throw on input no control can produce (NaN,
 * +Infinity, every score -Infinity, a temperature <= 0, a weight outside 0..1). The
 * sliders are bounded and the explorer's fields accept |x| <= 99, so a reader never
 * reaches a throw; if a bug does, the browser tests fail on the page error, where a
 * clamp would have painted a plausible colour beside a wrong number. Python's shade()
 * raises on the same weights.
 *
 * API: window.attentionWidgets.softmax(scores, temperature), .rgb(hex), .luminance(hex),
 * .contrast(a, b), .textOn(background), .shade(weight, stops), .start(init).
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
    return exps.map(function (e) { return e / total; }); // e <= total, so each weight is in [0, 1]
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

  /** WCAG contrast ratio of two "#rrggbb" colours, 1 .. 21. */
  function contrast(a, b) {
    var la = luminance(a), lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }

  var TEXT_LIGHT = "#ffffff", TEXT_DARK = "#000000"; // TEXT_LIGHT, TEXT_DARK in colour.py

  /** White or black text on `background`, whichever contrasts more (white on a tie, as Python's max()). */
  function textOn(background) {
    return contrast(background, TEXT_LIGHT) >= contrast(background, TEXT_DARK) ? TEXT_LIGHT : TEXT_DARK;
  }

  function hex2(v) { return (v < 16 ? "0" : "") + v.toString(16); }

  /**
   * Colours of a heatmap cell: {background, text}, both "#rrggbb". `stops` are
   * evenly spaced over weights 0..1 and interpolated linearly (each channel rounded
   * half up); the text is textOn(background). Same arithmetic as shade() in
   * attention_site/widgets/colour.py, so both give the same colours for the same weight.
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
    return { background: background, text: textOn(background) };
  }

  /**
   * Run `init(document)` once the page is there, and again for every page Material's
   * instant navigation swaps in (it announces each on document$, without reloading
   * scripts). `init` must be idempotent: document$ also replays the first page.
   */
  function start(init) {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(function () { init(document); });
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { init(document); });
    } else {
      init(document);
    }
  }

  window.attentionWidgets = { softmax: softmax, rgb: rgb, luminance: luminance, contrast: contrast,
                              textOn: textOn, shade: shade, start: start };
})();
