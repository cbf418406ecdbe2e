/*
 * Attention explorer: one layer of self-attention on the chapters' sentence,
 * every step live (embeddings -> Q, K, V -> scores -> softmax with temperature
 * -> weights -> weighted mix of the Values), step by step and as a heatmap.
 *
 * The markup and its first numbers come from attention_site/widgets/explorer/ (build time,
 * via {{ widget.explorer }}); overrides/partials/widgets.html links this file, after
 * widgets-core.js (softmax, the cell colours, the start-up), and explorer.css only on
 * pages that carry the explorer. No framework, no network.
 *
 * State on the root element ([data-attention-explorer]), JSON, kept up to date
 * after every change: data-model {words, embeddings, w_query, w_key, w_value,
 * scale, temperature}, data-weights = softmax((E W_Q)(E W_K)^T * scale / T),
 * data-output = weights (E W_V), data-scores = (E W_Q)(E W_K)^T; data-asking,
 * data-step, data-tied. Heatmap colours: the stops in data-colormap (those of
 * attention_site/widgets/colour.py), interpolated like shade() there.
 * Step by step: the parts after the current step ([data-ae-part] / [data-ae-from]
 * greater than data-step) get `hidden` unless "show all steps" is ticked, and so do
 * the input panels of steps 1 and 2 (x; Q, K, V) two steps on, when the later
 * tables restate what they need (a phone page of 8 tables was 1,850 px). The
 * markup hides nothing, so without this script every step shows.
 * API: window.attentionExplorer.compute(model), .fmt(x), .init(scope).
 */
(function () {
  "use strict";

  var core = window.attentionWidgets;  // widgets-core.js: softmax, shade, start
  var INPUT_STEPS = 2;  // steps 1 and 2 show the inputs: x, then Q, K and V

  function matmul(a, b) { // (n, m) @ (m, p) -> (n, p)
    return a.map(function (row) {
      return b[0].map(function (_, j) {
        var s = 0;
        for (var i = 0; i < row.length; i++) s += row[i] * b[i][j];
        return s;
      });
    });
  }

  function transpose(a) {
    return a[0].map(function (_, j) { return a.map(function (row) { return row[j]; }); });
  }

  /** Every intermediate of one layer of attention for a model like data-model. */
  function compute(m) {
    var q = matmul(m.embeddings, m.w_query); // (n, d) @ (d, d_k) -> (n, d_k)
    var k = matmul(m.embeddings, m.w_key); // (n, d) @ (d, d_k) -> (n, d_k)
    var v = matmul(m.embeddings, m.w_value); // (n, d) @ (d, d_v) -> (n, d_v)
    var scores = matmul(q, transpose(k)); // (n, d_k) @ (d_k, n) -> (n, n)
    var scaled = scores.map(function (row) {
      return row.map(function (s) { return s * m.scale / m.temperature; });
    });
    var exps = scaled.map(function (row) {
      var largest = Math.max.apply(null, row);
      return row.map(function (x) { return Math.exp(x - largest); });
    });
    var weights = scaled.map(function (row) { return core.softmax(row); }); // each row sums to 1
    return { q: q, k: k, v: v, scores: scores, scaled: scaled, exps: exps, weights: weights,
             output: matmul(weights, v) }; // (n, n) @ (n, d_v) -> (n, d_v)
  }

  function fmt(x) { var t = x.toFixed(2); return t === "-0.00" ? "0.00" : t; }

  function vector(xs) { return "[" + xs.map(fmt).join(", ") + "]"; }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function clone(x) { return JSON.parse(JSON.stringify(x)); }

  function setup(root) {
    var base = JSON.parse(root.dataset.model);
    var text = JSON.parse(root.dataset.aeText);
    var labels = JSON.parse(root.dataset.labels);
    var stops = JSON.parse(root.dataset.colormap);
    var st;
    var asking = root.querySelector("[data-ae-asking]");
    var temperature = root.querySelector("[data-ae-temperature]");
    var tie = root.querySelector("[data-ae-tie]");
    var inputs = all(root, "input[data-ae-e]");
    var prev = root.querySelector("[data-ae-prev]"), next = root.querySelector("[data-ae-next]");
    var live = root.querySelector("[data-ae-live]");
    var showAll = root.querySelector("[data-ae-all]"), stepper = root.querySelector("[data-ae-stepper]");
    var features = all(root, '[data-ae-matrix="e"] thead abbr').map(function (abbr) { return abbr.title; });

    function label(word) { return labels[word] || word; }
    // by slot name, as explorer.summary: "refers 0.06, animal 0.89, ..."
    function named(xs) {
      return xs.map(function (x, i) { return text.v_names[i] + " " + fmt(x); }).join(text.sep);
    }

    function model() {
      return { words: st.words, embeddings: st.E, w_query: base.w_query,
               w_key: st.tied ? base.w_query : base.w_key, w_value: base.w_value,
               scale: base.scale, temperature: st.T };
    }

    function restart() {
      st = { words: base.words.slice(), E: clone(base.embeddings), tied: false,
             T: base.temperature, asking: base.words[0], step: st ? st.step : 1 };
      asking.value = st.asking;
      temperature.value = String(st.T);
      tie.checked = false;
      writeInputs();
    }

    function writeInputs() { // the fields follow the words (after a shuffle or a reset)
      inputs.forEach(function (input) {
        var rc = input.dataset.aeE.split(",").map(Number);
        input.value = String(st.E[rc[0]][rc[1]]);
        input.removeAttribute("aria-invalid");
        input.setAttribute("aria-label", fill(text.cell, { w: label(st.words[rc[0]]), f: features[rc[1]] || rc[1] + 1 }));
      });
    }

    function rows(name) { return all(root, '[data-ae-matrix="' + name + '"] tbody tr'); }

    function writeMatrix(name, matrix, rowLabels) {
      rows(name).forEach(function (tr, r) {
        if (rowLabels) tr.cells[0].textContent = rowLabels[r];
        matrix[r].forEach(function (x, c) { tr.cells[c + 1].textContent = fmt(x); });
      });
    }

    function update(reason) {
      noteReverted(null);  // any later change makes the note old news
      var m = model(), r = compute(m), a = st.words.indexOf(st.asking);
      var wordLabels = st.words.map(label), row = r.weights[a];
      var best = row.indexOf(Math.max.apply(null, row));
      root.dataset.model = JSON.stringify(m);
      root.dataset.weights = JSON.stringify(r.weights);
      root.dataset.output = JSON.stringify(r.output);
      root.dataset.scores = JSON.stringify(r.scores);
      root.dataset.asking = st.asking;
      root.dataset.step = String(st.step);
      root.dataset.tied = String(st.tied);

      rows("e").forEach(function (tr, i) { tr.cells[0].textContent = wordLabels[i]; });
      writeMatrix("q", r.q, wordLabels);
      writeMatrix("k", r.k, wordLabels);
      writeMatrix("v", r.v, wordLabels);
      writeMatrix("wk", m.w_key);
      rows("rows").forEach(function (tr, j) {
        tr.cells[0].textContent = wordLabels[j];
        [r.scores[a][j], r.scaled[a][j], r.exps[a][j], row[j]].forEach(function (x, c) {
          tr.cells[c + 1].textContent = fmt(x);
        });
        tr.cells[5].firstChild.firstChild.style.width = (row[j] * 100).toFixed(4) + "%";
      });
      writeMatrix("mix", r.v.map(function (vj, j) {
        return [row[j]].concat(vj.map(function (x) { return row[j] * x; }));
      }), wordLabels);
      var foot = root.querySelector('[data-ae-matrix="mix"] tfoot tr');
      [row.reduce(function (s, w) { return s + w; }, 0)].concat(r.output[a]).forEach(function (x, c) {
        foot.cells[c + 1].textContent = fmt(x);
      });
      all(root, '[data-ae-matrix="heat"] thead th, [data-ae-matrix="scores"] thead th').forEach(function (th, j) {
        if (j % (wordLabels.length + 1)) th.textContent = wordLabels[j % (wordLabels.length + 1) - 1];
      });
      writeMatrix("scores", r.scores, wordLabels);
      rows("scores").forEach(function (tr, i) { tr.classList.toggle("is-asking", i === a); });
      rows("heat").forEach(function (tr, i) {
        tr.cells[0].textContent = wordLabels[i];
        tr.classList.toggle("is-asking", i === a);
        r.weights[i].forEach(function (w, j) {
          var cell = tr.cells[j + 1], colours = core.shade(w, stops);
          cell.textContent = fmt(w);
          cell.style.backgroundColor = colours.background;
          cell.style.color = colours.text;
        });
      });
      all(root, "[data-ae-asking-label]").forEach(function (el) { el.textContent = label(st.asking); });
      all(root, "[data-ae-new-label]").forEach(function (el) { el.textContent = fill(text["new"], { w: label(st.asking) }); });
      root.querySelector("[data-ae-t]").textContent = st.T.toFixed(1);

      var values = { d: m.embeddings[0].length, word: label(st.asking), best: wordLabels[best],
                     bs: fmt(r.scores[a][best]), bw: fmt(row[best]), q: vector(r.q[a]),
                     t: st.T.toFixed(1), out: named(r.output[a]) };
      var counter = fill(showAll.checked ? text.counter_all : text.counter, { k: st.step, n: text.say.length });
      var say = fill(text.say[st.step - 1], values);
      root.querySelector("[data-ae-counter]").textContent = counter;
      root.querySelector("[data-ae-title]").textContent = text.titles[st.step - 1];
      root.querySelector("[data-ae-say]").textContent = say;
      prev.setAttribute("aria-disabled", String(st.step === 1));
      next.setAttribute("aria-disabled", String(st.step === text.say.length));
      all(root, "[data-ae-part], [data-ae-from]").forEach(function (el) { // later steps: not yet
        var k = Number(el.dataset.aeFrom || el.dataset.aePart);
        // the inputs (step 1: x, step 2: Q, K, V) stay one step longer, then make room
        var past = k <= INPUT_STEPS && el.classList.contains("ae-panel") && st.step > k + 1;
        el.hidden = !showAll.checked && (k > st.step || past);
      });
      if (reason === "step") {
        live.textContent = counter + ": " + text.titles[st.step - 1] + ". " + say;
      } else if (reason) {
        live.textContent = fill(text.summary, {
          word: label(st.asking), out: named(r.output[a]),
          items: st.words.map(function (w, j) { return fill(text.item, { w: label(w), x: fmt(row[j]) }); }).join(text.sep)
        });
      }
    }

    function go(step) {
      step = Math.min(Math.max(step, 1), text.say.length);
      if (step === st.step) return;
      st.step = step;
      update("step");
      reveal();
    }

    // Scroll the current step into view below the step bar, which sticks (with the step's sentence).
    function reveal() {
      var el = root.querySelector('[data-ae-part="' + st.step + '"]');
      el = el.closest(".ae-panel") || el;
      var top = parseFloat(getComputedStyle(stepper).top) + stepper.offsetHeight + 8, r = el.getBoundingClientRect();
      var dy = r.top < top ? r.top - top : Math.max(0, Math.min(r.bottom + 8 - innerHeight, r.top - top));
      if (dy) scrollBy({ top: dy, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    }

    restart();
    asking.addEventListener("change", function () { st.asking = asking.value; update("change"); });
    temperature.addEventListener("input", function () { st.T = Number(temperature.value); update("change"); });
    tie.addEventListener("change", function () { st.tied = tie.checked; update("change"); });
    // While a cell is invalid the sums use what it held on entry, as leaving it will.
    function noteInvalid() {
      var bad = root.querySelector("[data-ae-invalid]");
      if (bad) bad.hidden = !root.querySelector('input[aria-invalid="true"]');
    }
    // After a bad cell is put back: say so, until the next edit (the number did not just vanish).
    function noteReverted(value) {
      var reverted = root.querySelector("[data-ae-reverted]");
      if (!reverted) return;
      reverted.textContent = value === null ? "" : fill(text.reverted, { v: value });
      reverted.hidden = value === null;
    }
    inputs.forEach(function (input) {
      input.addEventListener("input", function () {
        var rc = input.dataset.aeE.split(",").map(Number), x = Number(input.value);
        var ok = input.value.trim() !== "" && isFinite(x) && Math.abs(x) <= 99;
        if (ok) input.removeAttribute("aria-invalid"); else input.setAttribute("aria-invalid", "true");
        noteInvalid();
        noteReverted(null);
        st.E[rc[0]][rc[1]] = ok ? x : Number(input.dataset.before);
        update("change");
      });
      // Leaving a blank or invalid cell puts back what it held on entry (typing 500 passes
      // through a valid 50 on the way), and computes with it.
      input.addEventListener("focus", function () {
        var rc = input.dataset.aeE.split(",").map(Number);
        input.dataset.before = String(st.E[rc[0]][rc[1]]);
      });
      input.addEventListener("blur", function () {
        if (input.getAttribute("aria-invalid") !== "true") return;
        var rc = input.dataset.aeE.split(",").map(Number);
        st.E[rc[0]][rc[1]] = Number(input.dataset.before);
        input.value = input.dataset.before;
        input.removeAttribute("aria-invalid");
        noteInvalid();
        update("change");
        noteReverted(input.value);
      });
    });
    root.querySelector("[data-ae-shuffle]").addEventListener("click", function () {
      var n = st.words.length, p;
      do { // a random order that differs from the current one (Fisher-Yates)
        p = st.words.map(function (_, i) { return i; });
        for (var i = n - 1; i > 0; i--) {
          var j = Math.floor(Math.random() * (i + 1)), t = p[i];
          p[i] = p[j]; p[j] = t;
        }
      } while (n > 1 && p.every(function (x, i) { return x === i; }));
      st.words = p.map(function (i) { return st.words[i]; });
      st.E = p.map(function (i) { return st.E[i]; });
      writeInputs();
      update("change");
    });
    root.querySelector("[data-ae-reset]").addEventListener("click", function () { restart(); noteReverted(null); update("change"); });
    prev.addEventListener("click", function () { go(st.step - 1); });
    next.addEventListener("click", function () { go(st.step + 1); });
    showAll.addEventListener("change", function () { update(); if (!showAll.checked) reveal(); });
    root.querySelector("[data-ae-stepper]").addEventListener("keydown", function (event) {
      var to = { ArrowLeft: st.step - 1, ArrowRight: st.step + 1, Home: 1, End: text.say.length }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      go(to);
    });
    all(root, "[disabled]").forEach(function (el) { el.disabled = false; });
    update();
  }

  /** Bring every explorer under `scope` to life; safe to call again (binds once). */
  function init(scope) {
    all(scope || document, "[data-attention-explorer]").forEach(function (root) {
      if (root.dataset.ready === "true") return;
      setup(root);
      root.dataset.ready = "true";
    });
  }

  window.attentionExplorer = { compute: compute, fmt: fmt, init: init };
  core.start(init);
})();
