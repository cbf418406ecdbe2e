/*
 * Predict-then-check exercises: markup, data-* contract and messages from attention_site/exercises/.
 * Progress: solved ids in localStorage ("attention-exercises"), this browser only; nothing is sent.
 * API: window.attentionExercises.parse(text, percent, decimalComma), .init(scope).
 */
(function () {
  "use strict";

  var STORE = "attention-exercises";
  var FULL_WIDTH = { "．": ".", "，": ",", "％": "%", "－": "-", "−": "-", "–": "-",
                     "＋": "+", "／": "/", "。": "." };
  var PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
  var THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
  var DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

  function plain(text, decimalComma) {
    if (THOUSANDS.test(text)) text = text.replace(/,/g, "");
    else if (DECIMAL_COMMA.test(text)) {
      if (decimalComma === false) return null;
      text = text.replace(",", ".");
    }
    return PLAIN.test(text) ? parseFloat(text) : null;
  }

  // A reader's number, or null: the rules of parse_number() in tests/exercise_oracle.py.
  var AFFIX = /^(?:大约|大概|约|≈|~|about|approx\.?)|(?:倍|次|个|步|分|×|x|times|comparisons|steps|points|[.。!！])$/i;

  function parse(text, percent, decimalComma) {
    var s = String(text).replace(/[\uFF10-\uFF19]/g, function (c) {
      return String.fromCharCode(c.charCodeAt(0) - 0xFF10 + 48);
    }).replace(/[．，％－−–＋／。]/g, function (c) { return FULL_WIDTH[c]; })
      .replace(/[\s\u00a0\u2009\u202f\u3000']+/g, "");
    // words around the number a reader naturally types: 约 6 倍, about 6x, 4000000 次, 6.
    var previous = null;
    while (previous !== s) { previous = s; s = s.replace(AFFIX, ""); }
    var scale = 1, value;
    var last = s.slice(-1);
    if (last === "%") {
      if (!percent) return null;
      s = s.slice(0, -1); scale = 0.01;
    } else if (last === "万") {
      s = s.slice(0, -1); scale = 1e4;
    } else if (last === "亿") {
      s = s.slice(0, -1); scale = 1e8;
    }
    var parts = s.split("/");
    if (parts.length === 2) {
      var top = plain(parts[0], decimalComma), bottom = plain(parts[1], decimalComma);
      if (top === null || !bottom) return null;
      value = top / bottom;
    } else if (parts.length === 1) {
      value = plain(s, decimalComma);
    } else {
      return null;
    }
    if (value === null || !isFinite(value)) return null;
    return value * scale;
  }

  function load() {
    try { return JSON.parse(window.localStorage.getItem(STORE)) || {}; } catch (e) { return {}; }
  }

  function save(id) {
    try {
      var solved = load();
      solved[id] = true;
      window.localStorage.setItem(STORE, JSON.stringify(solved));
    } catch (e) { /* storage off (private mode): progress is simply not kept */ }
  }

  function setup(root) {
    if (root.getAttribute("data-ready") === "true") return;
    var group = root.closest(".exercises");
    var messages = JSON.parse((group && group.getAttribute("data-messages")) || "{}");
    // zh asks "1,5" back (你是想写 1.5 吗？); en reads it as 1.5
    var decimalComma = !(group && group.getAttribute("data-decimal-comma") === "false");
    var answer = JSON.parse(root.getAttribute("data-answer"));
    var kind = root.getAttribute("data-kind");
    var form = root.querySelector("form");
    var feedback = root.querySelector("[data-exercise-feedback]");
    var explanation = root.querySelector("[data-exercise-explanation]");
    var hint = root.querySelector(".exercise__hint");
    var id = root.getAttribute("data-exercise");

    var shown = false;  // the reader pressed "show the answer": it stays open
    var askedBack = null;  // that question keeps the hint shut

    function reveal() {
      explanation.hidden = false;
    }

    function numberMessage(text, value, correct, percent) {
      var hasPercent = /[%％]/.test(text);
      if (value === null) {
        if (!text.trim()) return messages.empty;
        if (!decimalComma && parse(text, percent, true) !== null) {
          askedBack = messages.decimal_comma.replace("{VALUE}", text.trim().replace(/[,，]/, "."));
          return askedBack;
        }
        if (!percent && hasPercent && parse(text.replace(/[%％]/g, ""), false) !== null) return messages.no_percent;
        return messages.unreadable;
      }
      if (correct) return messages.correct;
      // 46 for 46 %: a weight is a share, so say how to write a percentage
      if (percent && value > 1 && value <= 100 && !hasPercent) return messages.need_percent;
      return messages.incorrect;
    }

    // A predictable wrong answer (data-mistakes: [{value, say}]) gets its own words.
    var mistakes = JSON.parse(root.getAttribute("data-mistakes") || "[]");
    function mistake(message, matches) {
      if (message !== messages.incorrect && message !== messages.need_percent) return message;
      for (var i = 0; i < mistakes.length; i++) {
        if (matches(mistakes[i].value)) return messages.mistake.replace("{SAY}", mistakes[i].say);
      }
      return message;
    }

    function check() {
      var correct, message;
      if (kind === "choice") {
        var chosen = root.querySelector('input[type="radio"]:checked');
        correct = !!chosen && chosen.value === answer;
        message = chosen ? (correct ? messages.correct : messages.incorrect) : messages.unchosen;
        message = mistake(message, function (value) { return value === chosen.value; });
      } else {
        var text = root.querySelector("input").value;
        var percent = root.getAttribute("data-percent") === "true";
        var value = parse(text, percent, decimalComma);
        var tolerance = parseFloat(root.getAttribute("data-tolerance")) || 0;
        correct = value !== null &&
          Math.abs(value - answer) <= tolerance + 1e-9 * Math.max(1, Math.abs(answer));
        var slack = Math.max(tolerance, 0.005);  // a mistake typed rounded (0.89)
        message = mistake(numberMessage(text, value, correct, percent), function (wrong) {
          return Math.abs(value - wrong) <= slack + 1e-9 * Math.max(1, Math.abs(wrong));
        });
      }
      root.setAttribute("data-state", correct ? "correct" : "incorrect");
      // A new text node each time, so a repeated message is announced again.
      feedback.textContent = "";
      feedback.appendChild(document.createTextNode(message));
      if (correct) {
        reveal();
        save(id);
        return;
      }
      if (!shown) explanation.hidden = true;  // a wrong answer never sits next to the explanation
      if (hint && message !== messages.unreadable && message !== messages.no_percent && message !== messages.empty &&
                 message !== messages.unchosen && message !== askedBack) {
        hint.open = true;
      }
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      check();
    });
    root.querySelector("[data-exercise-reveal]").addEventListener("click", function () {
      shown = true;
      reveal();
      feedback.textContent = messages.revealed;
    });
    // Enter on a radio button checks too (browsers do not submit from radios).
    root.querySelectorAll('input[type="radio"]').forEach(function (radio) {
      radio.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); check(); }
      });
    });
    explanation.hidden = true;
    if (load()[id]) {
      var badge = document.createElement("p");
      badge.className = "exercise__solved";
      badge.textContent = messages.solved;
      form.parentNode.insertBefore(badge, form);
    }
    root.querySelectorAll("input, button").forEach(function (el) { el.disabled = false; });
    root.setAttribute("data-ready", "true");
  }

  function init(scope) {
    (scope || document).querySelectorAll("[data-exercise]").forEach(setup);
  }

  window.attentionExercises = { parse: parse, init: init };
  window.attentionWidgets.start(init);  // widgets-core.js
})();
