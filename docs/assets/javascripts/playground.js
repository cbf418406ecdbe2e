/*
 * Attention playground: sliders for the raw scores that 它 (it) gives to
 * 它 / 是 / 一只 / 猫 and for a temperature; live softmax weights as bars, as a
 * heatmap row and as numbers.
 *
 * The markup comes from snippets/widgets.py (build time, via {{ widget.playground }})
 * and already shows the article's values; this script only enables the sliders
 * and keeps everything in step. No framework, no network.
 *
 * State on the root element ([data-attention-playground]), JSON in the words' order:
 *   data-scores, data-temperature, data-weights
 * API: window.attentionPlayground.softmax(scores, temperature) and .init(scope).
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

  function each(root, selector, fn) {
    Array.prototype.forEach.call(root.querySelectorAll(selector), fn);
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

    root.dataset.scores = JSON.stringify(scores);
    root.dataset.temperature = JSON.stringify(temperature);
    root.dataset.weights = JSON.stringify(weights);

    scores.forEach(function (score, i) {
      var weight = weights[i];
      var text = weight.toFixed(2);
      each(root, '[data-ap-score="' + i + '"]', function (el) { el.textContent = score.toFixed(1); });
      each(root, '[data-ap-weight="' + i + '"]', function (el) { el.textContent = text; });
      each(root, '[data-ap-bar="' + i + '"]', function (el) { el.style.width = (weight * 100).toFixed(4) + "%"; });
      each(root, '[data-ap-cell="' + i + '"]', function (el) { el.style.setProperty("--ap-w", weight.toFixed(6)); });
    });
    each(root, "[data-ap-temperature]", function (el) { el.textContent = temperature.toFixed(1); });
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
      update(root);
      root.dataset.ready = "true";
    });
  }

  window.attentionPlayground = { softmax: softmax, init: init };

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
