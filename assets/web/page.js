// gametree's page: replays the trace embedded in the page, step by step,
// and grades quiz answers against the facts embedded beside it. It never
// searches: every value, window and cut it shows comes from the trace.
// Names and labels are data, never markup or keys: they reach the page as
// text (textContent; innerHTML only ever sets the script's own fixed
// markup), nodes are found by number, never by id, and the few tables
// keyed by words have no prototype.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var sections = Array.prototype.slice.call(document.querySelectorAll('section.exercise'));
  var models = [];
  var current = null;
  var step = 0;
  var timer = null;
  // A table with no prototype: no key reads anything but what it holds.
  var table = function (entries) { return Object.assign(Object.create(null), entries); };
  var TYPES = table({ 1: 'type 1 (PV)', 2: 'type 2 (CUT)', 3: 'type 3 (ALL)' });
  var RELATION = table({ exact: '', lower: '>=', upper: '<=', unknown: '~' });

  // Exact numbers, as gametree keeps them: { n, d } fractions of BigInts
  // in lowest terms (d > 0), the infinities as Infinity and -Infinity.
  function gcd(a, b) {
    a = a < 0n ? -a : a;
    b = b < 0n ? -b : b;
    while (b) { var r = a % b; a = b; b = r; }
    return a;
  }
  function frac(n, d) {
    if (d < 0n) { n = -n; d = -d; }
    var g = gcd(n, d) || 1n;
    return { n: n / g, d: d / g };
  }
  // A decimal text (`-2.5`, `1e3`) exactly; null for anything else.
  function decimal(text) {
    var m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/.exec(text);
    if (!m || (m[2] + (m[3] || '')) === '') { return null; }
    var digits = BigInt((m[2] || '0') + (m[3] || ''));
    var scale = (m[3] || '').length - Number(m[4] || 0);
    var n = m[1] === '-' ? -digits : digits;
    return scale >= 0 ? frac(n, 10n ** BigInt(scale)) : frac(n * 10n ** BigInt(-scale), 1n);
  }
  // A value of the page's data (a JSON number, which is exact, or a
  // string: `23/3`, `0.1`, `+inf`), or an answer typed, exactly; null
  // when it is none.
  function exact(v) {
    if (typeof v === 'number') { return Number.isFinite(v) ? decimal(String(v)) : null; }
    var t = String(v);
    if (t === '+inf' || t === 'inf') { return Infinity; }
    if (t === '-inf') { return -Infinity; }
    var parts = t.split('/');
    if (parts.length === 2) {
      var a = decimal(parts[0]);
      var b = decimal(parts[1]);
      return a && b && b.n !== 0n ? frac(a.n * b.d, a.d * b.n) : null;
    }
    return decimal(t);
  }
  function same(a, b) {
    return typeof a === 'number' || typeof b === 'number' ? a === b : a.n === b.n && a.d === b.d;
  }
  // x rounded half away from zero to `places` places.
  function rounded(x, places) {
    var scale = 10n ** BigInt(places);
    var scaled = x.n * scale;
    var q = scaled / x.d;
    var r = scaled % x.d;
    if (2n * (r < 0n ? -r : r) >= x.d) { q += x.n < 0n ? -1n : 1n; }
    return frac(q, scale);
  }
  // The decimal places x needs to be written exactly; -1 when none do.
  function places(x) {
    var d = x.d;
    var twos = 0;
    var fives = 0;
    while (d % 2n === 0n) { d /= 2n; twos += 1; }
    while (d % 5n === 0n) { d /= 5n; fives += 1; }
    return d === 1n ? Math.max(twos, fives) : -1;
  }
  // x (a multiple of 10^-places) with its places, trailing zeros dropped.
  function fixed(x, k) {
    var negative = x.n < 0n;
    var scaled = (negative ? -x.n : x.n) * (10n ** BigInt(k)) / x.d;
    var text = scaled.toString().padStart(k + 1, '0');
    var whole = text.slice(0, text.length - k);
    var part = text.slice(text.length - k).replace(/0+$/, '');
    var shown = (negative ? '-' : '') + whole + (part ? '.' + part : '');
    return shown === '-0' ? '0' : shown;
  }
  // A value as gametree prints it: integers whole, others rounded to 4
  // places without trailing zeros (a value that would show as 0 to its
  // first four significant digits), infinities as the JSON's strings.
  function fmt(v) {
    // Most values are small integers: written as they are, without the
    // exact arithmetic (every leaf's value is written when the page opens).
    if (typeof v === 'number' && Number.isSafeInteger(v)) { return String(v); }
    var x = exact(v);
    if (x === null) { return String(v); }
    if (x === Infinity) { return '+inf'; }
    if (x === -Infinity) { return '-inf'; }
    if (x.d === 1n) { return x.n.toString(); }
    var k = 4;
    if (rounded(x, 4).n === 0n) {
      while (k < 18 && rounded(x, k).n === 0n) { k += 1; }
      k = Math.min(k + 3, 18);
    }
    return fixed(rounded(x, k), k);
  }
  // Whether `claimed`, typed by a student, gives `actual`, by check's rule:
  // the value exactly, or rounded to as many places as the claim has, at
  // least 4.
  function givenBy(actual, claimed) {
    if (same(actual, claimed)) { return true; }
    if (typeof actual === 'number' || typeof claimed === 'number') { return false; }
    var k = places(claimed);
    return k >= 4 && k <= 18 && same(rounded(actual, k), claimed);
  }
  function pretty(t) {
    // Most texts are plain numbers, with nothing to replace.
    if (!/[<>]|inf/.test(t)) { return t; }
    return t.replace(/>=/g, '\u2265').replace(/<=/g, '\u2264').replace(/\+inf/g, '+\u221e')
      .replace(/-inf/g, '\u2212\u221e').replace(/ -> /g, ' \u2192 ');
  }
  function scored(score) { return RELATION[score.bound] + fmt(score.value); }
  function windowText(w) { return '[' + fmt(w.alpha) + ', ' + fmt(w.beta) + ']'; }

  // The model of one tree: its data, indexes, and the elements drawn.
  function model(index) {
    if (models[index]) { return models[index]; }
    var section = sections[index];
    var data = JSON.parse(section.querySelector('script.data').textContent);
    var m = {
      index: index, section: section, data: data, children: [],
      stepEnds: [0], nodes: [], edges: [], labels: [], actions: [], revealed: false, form: null, root: 0
    };
    data.ids.forEach(function () { m.children.push([]); });
    data.parents.forEach(function (p, n) {
      if (p === null) { m.root = n; } else { m.children[p].push(n); }
    });
    data.lines.forEach(function (line, k) { if (line !== null) { m.stepEnds.push(k + 1); } });
    m.steps = m.stepEnds.length - 1;
    // Each element remembers the class of the markup, so that the first
    // step writes only the classes it changes.
    section.querySelectorAll('g.node').forEach(function (g) {
      var base = markupClass(g);
      m.nodes.push({ n: Number(g.id.slice(1)), g: g, base: base, val: g.querySelector('.val'), layers: null });
    });
    section.querySelectorAll('.edge').forEach(function (line) {
      m.edges.push({ n: Number(line.id.slice(1)), el: line });
      markupClass(line);
    });
    section.querySelectorAll('.cutlabel').forEach(function (t) {
      m.labels.push({ n: Number(t.id.slice(1)), el: t });
      markupClass(t);
    });
    section.querySelectorAll('.action').forEach(function (t) {
      m.actions.push({ n: Number(t.id.slice(1)), el: t });
      markupClass(t);
    });
    m.byPasses = data.events.some(function (e) { return e.event === 'pass'; });
    m.onPv = new Uint8Array(data.ids.length);
    data.pv.forEach(function (n) { m.onPv[n] = 1; });
    models[index] = m;
    return m;
  }

  // An element's class in the markup, remembered as shown.
  function markupClass(el) {
    el.shownClass = el.getAttribute('class');
    return el.shownClass;
  }

  // A node's layer lines, from its `data-ly` (`X A w14.6 v25.4`: their x,
  // their anchor, start or middle, and each line's layer and baseline).
  // A line's element is made when a step first fills it: the drawing opens
  // with no element for the thousands of lines still empty.
  function layerSlots(g) {
    var parts = (g.getAttribute('data-ly') || '').split(' ');
    return parts.slice(2).map(function (part) {
      return { el: null, g: g, slot: part.charAt(0), x: parts[0], y: part.slice(1), start: parts[1] === 's' };
    });
  }
  // An interior node's value text, made in the place its `data-v` keeps
  // (`X Y`) when a step first gives the node a value.
  function valueText(node) {
    var place = node.g.getAttribute('data-v').split(' ');
    var el = document.createElementNS(node.g.namespaceURI, 'text');
    el.setAttribute('class', 'val');
    el.shownClass = 'val';
    el.setAttribute('x', place[0]);
    el.setAttribute('y', place[1]);
    var shape = node.g.querySelector('.shape');
    node.g.insertBefore(el, shape ? shape.nextSibling : null);
    return el;
  }
  // Whether the state gives node n anything to show on a layer line.
  function touched(s, n) {
    return !!(s.visit[n] || s.window[n] || s.prov[n] || s.score[n]);
  }
  function layerLine(layer) {
    var el = document.createElementNS(layer.g.namespaceURI, 'text');
    el.setAttribute('class', 'ly ly-' + layer.slot);
    el.setAttribute('x', layer.x);
    el.setAttribute('y', layer.y);
    el.setAttribute('font-size', '9');
    if (layer.start) { el.setAttribute('text-anchor', 'start'); }
    layer.g.appendChild(el);
    return el;
  }

  // What the first k steps of the trace have shown: replayed on from the
  // last state shown when stepping forward, from the start otherwise.
  function stateAt(m, k) {
    var last = m.last;
    if (last && last.k <= k) {
      for (var j = m.stepEnds[last.k]; j < m.stepEnds[k]; j++) { apply(m, last.s, j); }
      last.k = k;
      return last.s;
    }
    m.last = { k: k, s: replay(m, k) };
    return m.last.s;
  }

  function replay(m, k) {
    var count = m.data.ids.length;
    var s = {
      visit: new Array(count), window: new Array(count), prov: new Array(count), horizon: new Array(count),
      leaf: new Array(count), score: new Array(count), cut: new Array(count),
      pruned: new Uint8Array(count), open: [], current: null, finished: false, visits: 0,
      pass: new Uint8Array(count), passes: 0, researched: new Uint8Array(count)
    };
    var end = m.stepEnds[k];
    for (var i = 0; i < end; i++) { apply(m, s, i); }
    return s;
  }

  // Applies event i: its node and a cut's skipped children are found by
  // the numbers beside the events, not by the ids the events show.
  function apply(m, s, i) {
    var e = m.data.events[i];
    var numbers = m.data.nodes[i];
    var node = numbers[0];
    s.current = node;
    if (e.event === 'enter') {
      // Searched again (a re-search, an MTD(f) pass): what a cut skipped
      // below it before is seen anew.
      if (s.pruned[node]) { unprune(m, s, node); }
      s.visits += 1;
      s.visit[node] = s.visits;
      s.window[node] = e.window;
      // The MTD(f) pass of its last visit, tinted when the search goes by
      // passes (six tints, then again).
      s.pass[node] = s.passes % 6 + 1;
      if (m.children[node].length) { s.open.push(node); }
    } else if (e.event === 'leaf') {
      // A leaf, or an interior node valued at the depth limit.
      s.leaf[node] = e.value;
      s.horizon[node] = e.horizon !== undefined && e.horizon !== null;
      var done = s.open.lastIndexOf(node);
      if (done >= 0) { s.open.splice(done, 1); }
      s.finished = s.finished || node === m.root;
    } else if (e.event === 'provisional') {
      (s.prov[node] = s.prov[node] || []).push(e.value);
    } else if (e.event === 'final') {
      s.score[node] = { value: e.value, bound: e.bound };
      var at = s.open.lastIndexOf(node);
      if (at >= 0) { s.open.splice(at, 1); }
      s.finished = s.finished || node === m.root;
    } else if (e.event === 'pass') {
      s.passes += 1;
    } else if (e.event === 'research') {
      s.researched[node] = 1;
    } else if (e.event === 'cut') {
      numbers.slice(1).forEach(function (child) {
        // A node visited before, by a search a re-search replaced, is
        // not pruned.
        if (s.visit[child]) { return; }
        s.cut[child] = e;
        var stack = [child];
        while (stack.length) {
          var n = stack.pop();
          s.pruned[n] = 1;
          Array.prototype.push.apply(stack, m.children[n]);
        }
      });
    }
  }

  function unprune(m, s, top) {
    var stack = [top];
    delete s.cut[top];
    while (stack.length) {
      var n = stack.pop();
      s.pruned[n] = 0;
      Array.prototype.push.apply(stack, m.children[n]);
    }
  }

  function valueHistory(s, n) {
    var h = (s.prov[n] || []).map(fmt);
    var score = s.score[n];
    if (score) {
      var prov = s.prov[n];
      if (prov && prov.length && fmt(prov[prov.length - 1]) === fmt(score.value)) { h.pop(); }
      h.push(scored(score));
    }
    return h.length > 1 ? h.join(' -> ') : '';
  }

  function layerText(m, s, n, slot) {
    if (slot === 'w') { return s.window[n] ? windowText(s.window[n]) : ''; }
    if (slot === 'v') { return s.visit[n] ? '#' + s.visit[n] : ''; }
    if (slot === 'h') { return valueHistory(s, n); }
    return s.visit[n] ? TYPES[m.data.types[n]] : '';
  }

  // A node's value text and its class: final, provisional, pending.
  function valueOf(m, s, n, hide) {
    if (!m.children[n].length) {
      if (s.leaf[n] !== undefined) { return [fmt(s.leaf[n]), 'final']; }
      var given = m.data.leaves[n];
      return [given === null ? '' : fmt(given), hide ? 'final' : 'pending'];
    }
    if (hide) { return ['', '']; }
    if (s.horizon[n]) { return [fmt(s.leaf[n]), 'final']; }
    if (s.score[n]) { return [scored(s.score[n]), 'final']; }
    var prov = s.prov[n];
    if (prov && prov.length) { return [fmt(prov[prov.length - 1]), 'prov']; }
    return ['', ''];
  }

  // Text and classes are set only when they change, remembered here rather
  // than read back from the document.
  function setText(el, text) { if (el.shownText !== text) { el.textContent = text; el.shownText = text; } }
  function setClass(el, cls) { if (el.shownClass !== cls) { el.setAttribute('class', cls); el.shownClass = cls; } }

  function quizHidden(m) { return $('quiz-mode').checked && !m.revealed; }

  // Shows step k of the current tree.
  function show(k) {
    var m = current;
    var hide = quizHidden(m);
    if (hide || !Number.isInteger(k)) { k = 0; }
    step = Math.max(0, Math.min(m.steps, k));
    var s = stateAt(m, step);
    var top = s.open.length ? s.open[s.open.length - 1] : null;
    m.nodes.forEach(function (node) {
      var n = node.n;
      var cls = node.base;
      if (!hide && n === s.current && step > 0) { cls += ' current'; }
      if (!hide && n === top) { cls += ' open'; }
      if (!hide && s.pruned[n]) { cls += ' pruned'; }
      if (!hide && s.horizon[n]) { cls += ' horizon'; }
      if (!hide && s.researched[n]) { cls += ' researched'; }
      if (!hide && m.byPasses && s.visit[n] && !s.pruned[n]) { cls += ' pass-' + s.pass[n]; }
      if (!hide && s.finished && m.onPv[n]) { cls += ' pv'; }
      setClass(node.g, cls);
      var v = valueOf(m, s, n, hide);
      if (!node.val && v[0] !== '' && node.g.hasAttribute('data-v')) { node.val = valueText(node); }
      if (node.val) {
        setText(node.val, pretty(v[0]));
        setClass(node.val, 'val ' + v[1]);
      }
      // A node's layer lines are read from its `data-ly` when it is first
      // visited: the page opens without parsing two thousand of them.
      if (!node.layers) {
        if (!touched(s, n)) { return; }
        node.layers = layerSlots(node.g);
      }
      node.layers.forEach(function (layer) {
        var text = hide && layer.slot !== 't' ? '' : layerText(m, s, n, layer.slot);
        if (!layer.el && text === '') { return; }
        layer.el = layer.el || layerLine(layer);
        setText(layer.el, pretty(text));
      });
    });
    var marked = m.form ? m.form.marked : [];
    m.edges.forEach(function (edge) {
      var n = edge.n;
      var cls = 'edge';
      if (!hide && s.cut[n]) { cls += ' cut'; } else if (!hide && s.pruned[n]) { cls += ' pruned'; }
      if (!hide && s.finished && m.onPv[n]) { cls += ' pv'; }
      if (hide && marked[n]) { cls += ' marked'; }
      setClass(edge.el, cls);
    });
    m.labels.forEach(function (label) {
      setClass(label.el, !hide && s.cut[label.n] ? 'cutlabel shown' : 'cutlabel');
    });
    m.actions.forEach(function (action) {
      setClass(action.el, !hide && s.pruned[action.n] ? 'action pruned' : 'action');
    });
    setText($('caption'), caption(m, hide));
    setText($('condition'), hide ? '' : condition(m, s, top));
    $('slider').max = String(m.steps);
    $('slider').value = String(step);
    setText($('counter'), 'step ' + step + ' of ' + m.steps);
    ['first', 'prev', 'play', 'next', 'last', 'slider'].forEach(function (id) { $(id).disabled = hide; });
    writeHash();
  }

  function caption(m, hide) {
    if (hide) { return 'Quiz: answer below, then check. The search is revealed after.'; }
    if (step === 0) { return 'Before the search: press the right arrow, or Play.'; }
    return m.data.lines[m.stepEnds[step] - 1];
  }

  // The cut test the node being searched makes, spelled out.
  function condition(m, s, top) {
    var d = m.data;
    if (!d.prunes) { return d.algorithm + ' examines every node: it never prunes.'; }
    if (top === null) {
      return s.finished ? 'The search is over.' : 'The search starts at the root with the full window [-inf, +inf].';
    }
    var id = d.ids[top];
    var w = s.window[top];
    if (!w) {
      return d.kinds[top] === 'chance' ? id + ' (CHANCE): its value is the sum of its children\'s values weighted by their probabilities.' : '';
    }
    var head = 'Searching ' + id + ' (' + d.kinds[top].toUpperCase() + '), window ' + windowText(w) + ': ';
    if (d.kinds[top] === 'chance') {
      return head + 'its value is the sum of its children\'s values weighted by their probabilities.';
    }
    if (d.kinds[top] === 'max') {
      if (w.beta === '+inf') { return head + id + ' cannot be cut, since beta = +inf.'; }
      return head + 'prune the rest of ' + id + ' if its value ' + (d.strict ? 'exceeds' : 'reaches') + ' beta = ' + fmt(w.beta) + '.';
    }
    if (w.alpha === '-inf') { return head + id + ' cannot be cut, since alpha = -inf.'; }
    return head + 'prune the rest of ' + id + ' if its value ' + (d.strict ? 'falls below' : 'falls to') + ' alpha = ' + fmt(w.alpha) + '.';
  }

  function conventions(d) {
    var words = [d.algorithm];
    if (d.prunes) {
      words.push(d.strict ? 'strict: a node is cut only when its value passes the bound (> beta, < alpha), so ties do not cut'
        : 'ties cut: a node is cut when its value reaches the bound (>= beta, <= alpha)');
      words.push(d.fail_hard ? 'fail-hard: values are clamped to the window' : 'fail-soft: values are not clamped to the window');
    }
    return 'Search: ' + words.join('; ') + '.';
  }

  // --- stepping -----------------------------------------------------------

  function stop() {
    if (timer !== null) { clearTimeout(timer); timer = null; }
    setText($('play'), 'Play');
    $('play').setAttribute('aria-label', 'Play');
  }
  function tick() {
    if (step >= current.steps) { stop(); return; }
    show(step + 1);
    timer = setTimeout(tick, Number($('speed').value));
  }
  function play() {
    if (timer !== null) { stop(); return; }
    if (step >= current.steps) { show(0); }
    setText($('play'), 'Pause');
    $('play').setAttribute('aria-label', 'Pause');
    timer = setTimeout(tick, Number($('speed').value));
  }

  function writeHash() {
    var hash = '#' + (sections.length > 1 ? 'exercise=' + (current.index + 1) + '&' : '') + 'step=' + step;
    if (location.hash !== hash) {
      try { window.history.replaceState(null, '', hash); } catch (e) { /* a page opened where history is closed */ }
    }
  }
  // The link's exercise (as an index) and step, each null unless the
  // fragment gives it as a plain decimal integer: an exercise from 1 to the
  // number of exercises, a step from 0 (one past the last shows the last).
  // Anything else is ignored.
  function readHash() {
    var params = { exercise: null, step: null };
    location.hash.replace(/^#/, '').split('&').forEach(function (pair) {
      var kv = pair.split('=');
      if (kv.length !== 2 || !/^[0-9]{1,9}$/.test(kv[1])) { return; }
      var n = Number(kv[1]);
      if (kv[0] === 'exercise' && n >= 1 && n <= sections.length) { params.exercise = n - 1; }
      if (kv[0] === 'step') { params.step = n; }
    });
    return params;
  }

  function open(index, k) {
    stop();
    index = Number.isInteger(index) ? Math.max(0, Math.min(sections.length - 1, index)) : 0;
    sections.forEach(function (section, i) { section.hidden = i !== index; });
    current = model(index);
    setText($('conventions'), conventions(current.data));
    setText($('ex-label'), 'Exercise ' + (index + 1) + ' of ' + sections.length + ': ' + current.data.title);
    $('prev-ex').disabled = index === 0;
    $('next-ex').disabled = index === sections.length - 1;
    syncQuiz();
    show(k);
  }

  // --- quiz ---------------------------------------------------------------

  function preorder(m) {
    var order = [];
    var stack = [m.root];
    while (stack.length) {
      var n = stack.pop();
      order.push(n);
      for (var i = m.children[n].length - 1; i >= 0; i--) { stack.push(m.children[n][i]); }
    }
    return order;
  }

  function input(label, cls) {
    var el = document.createElement('input');
    el.type = 'text';
    el.className = cls;
    el.setAttribute('aria-label', label);
    el.size = 8;
    return el;
  }

  function buildForm(m) {
    var d = m.data;
    var host = m.section.querySelector('.quiz-form');
    var drawn = new Uint8Array(d.ids.length);
    m.nodes.forEach(function (node) { drawn[node.n] = 1; });
    var form = { rows: [], marked: new Uint8Array(d.ids.length) };
    // Wide transparent lines over the edges, to click.
    m.edges.forEach(function (edge) {
      var hit = edge.el.cloneNode(false);
      hit.removeAttribute('id');
      hit.setAttribute('class', 'hit');
      hit.addEventListener('click', function () { toggleEdge(m, edge.n); });
      edge.el.parentNode.appendChild(hit);
    });
    var html = '<h2>Quiz</h2><p>Leaves show their values. For each interior node, write the value the search returns ' +
      '(<kbd>5</kbd>, or a bound such as <kbd>&gt;= 6</kbd> or <kbd>&lt;= 4</kbd>)' +
      (d.prunes ? ' and the window it is entered with (<kbd>[2, +inf]</kbd>)' : '') +
      '; tick each edge a cut skips (the highest one: the subtree below goes with it), or click it in the drawing. ' +
      'Leave the value and window of a node that is never searched empty. A field left empty for a node the search ' +
      'enters is unanswered, which is wrong; a value, window or tick the search contradicts takes one right answer away.</p>';
    host.innerHTML = html;
    var table = document.createElement('table');
    table.innerHTML = '<thead><tr><th scope="col">node</th><th scope="col">value</th>' +
      (d.prunes ? '<th scope="col">window</th><th scope="col">edge from its parent pruned</th>' : '') +
      '<th scope="col">mark</th></tr></thead>';
    var body = document.createElement('tbody');
    preorder(m).forEach(function (n) {
      // Without cuts a leaf asks nothing.
      if (!drawn[n] || (!d.prunes && !m.children[n].length)) { return; }
      var id = d.ids[n];
      var tr = document.createElement('tr');
      var row = { n: n, tr: tr };
      var th = document.createElement('th');
      th.scope = 'row';
      th.textContent = id + ' (' + d.kinds[n].toUpperCase() + (m.children[n].length ? '' : ', leaf') + ')';
      tr.appendChild(th);
      var cell = function (el) { var td = document.createElement('td'); if (el) { td.appendChild(el); } tr.appendChild(td); return td; };
      if (m.children[n].length) {
        row.value = input('value of ' + id, 'q-value');
        cell(row.value);
        if (d.prunes) { row.window = input('window of ' + id, 'q-window'); cell(row.window); }
      } else {
        cell(null);
        if (d.prunes) { cell(null); }
      }
      if (n !== m.root && d.prunes) {
        row.cut = document.createElement('input');
        row.cut.type = 'checkbox';
        row.cut.className = 'q-cut';
        row.cut.setAttribute('aria-label', 'edge into ' + id + ' pruned');
        row.cut.addEventListener('change', function () { form.marked[n] = row.cut.checked ? 1 : 0; show(step); });
        cell(row.cut);
      } else if (d.prunes) {
        cell(null);
      }
      row.mark = cell(null);
      body.appendChild(tr);
      form.rows.push(row);
    });
    table.appendChild(body);
    host.appendChild(table);
    var buttons = document.createElement('p');
    buttons.innerHTML = '<button type="button" class="q-check">Check</button> ' +
      '<button type="button" class="q-reveal">Reveal the search step by step</button> ' +
      '<button type="button" class="q-again">Hide the search and try again</button>';
    host.appendChild(buttons);
    form.results = document.createElement('div');
    form.results.className = 'q-results';
    form.results.setAttribute('aria-live', 'polite');
    host.appendChild(form.results);
    buttons.querySelector('.q-check').addEventListener('click', function () { grade(m); });
    buttons.querySelector('.q-reveal').addEventListener('click', function () { m.revealed = true; show(0); });
    buttons.querySelector('.q-again').addEventListener('click', function () { m.revealed = false; show(0); });
    m.form = form;
  }

  function toggleEdge(m, n) {
    if (!quizHidden(m) || !m.form) { return; }
    var row = m.form.rows.filter(function (r) { return r.n === n; })[0];
    if (!row || !row.cut) { return; }
    row.cut.checked = !row.cut.checked;
    m.form.marked[n] = row.cut.checked ? 1 : 0;
    show(step);
  }

  function number(text) {
    var x = exact(text.replace(/^(-?)\./, function (_, sign) { return sign + '0.'; }));
    return x === null ? NaN : x;
  }
  function normal(text) {
    return text.replace(/\u2265/g, '>=').replace(/\u2264/g, '<=').replace(/\u221e/g, 'inf')
      .replace(/\u2212/g, '-').replace(/\s+/g, '');
  }
  function readValue(text) {
    var match = /^(>=|<=|=|~)?(.*)$/.exec(normal(text));
    var value = number(match[2]);
    return value !== value ? null : { rel: match[1] || '=', value: value };
  }
  function readWindow(text) {
    var match = /^\[(.*),(.*)\]$/.exec(normal(text));
    if (!match) { return null; }
    var a = number(match[1]);
    var b = number(match[2]);
    return a !== a || b !== b ? null : [a, b];
  }
  function sameValue(wrote, expected) {
    var w = readValue(wrote);
    var e = readValue(expected);
    return w !== null && e !== null && w.rel === e.rel && givenBy(e.value, w.value);
  }
  function sameWindow(wrote, expected) {
    var w = readWindow(wrote);
    var e = readWindow(expected);
    return w !== null && e !== null && givenBy(e[0], w[0]) && givenBy(e[1], w[1]);
  }

  // A mistake in the results, as text: names and answers never become
  // markup.
  function mistake(g, cls, head, text) {
    var li = document.createElement('li');
    li.className = cls;
    var strong = document.createElement('strong');
    strong.textContent = head;
    li.appendChild(strong);
    li.appendChild(document.createTextNode(': ' + text));
    g.list.appendChild(li);
  }

  // A fact the quiz asks for, as shown and written exactly; null for none.
  function asked(shown, exactly) {
    return shown === null || shown === undefined ? null : { shown: shown, exact: exactly };
  }

  // One field graded against the fact it asks for: 'right', 'wrong',
  // 'unanswered', or null when the search has no such fact (a node it
  // never searches has no value) and the field is rightly left empty.
  function gradeField(g, row, what, input, expected, why, same) {
    var shown = expected === null ? null : expected.shown;
    var exactly = expected === null ? null : expected.exact;
    var id = g.m.data.ids[row.n];
    var wrote = input.value.trim();
    var quoted = '\u201c' + wrote + '\u201d';
    if (expected === null) {
      if (wrote === '') { return null; }
      g.contradicted += 1;
      var none = g.fact.pruned ? 'no ' + what + ' (it is never searched)' : 'no ' + what;
      mistake(g, 'q-' + what, id + ', ' + what, 'you wrote ' + quoted + '; the search gives ' + none + '. ' + why);
      return 'wrong';
    }
    g.total += 1;
    if (wrote === '') {
      g.unanswered += 1;
      mistake(g, 'q-unanswered', id + ', ' + what, 'unanswered.');
      return 'unanswered';
    }
    if (same(wrote, exactly)) { g.right += 1; return 'right'; }
    mistake(g, 'q-' + what, id + ', ' + what, 'you wrote ' + quoted + '; the search gives ' + shown + '. ' + why);
    return 'wrong';
  }

  // The edge into a row's node: asked when a cut skips it (below such an
  // edge nothing is asked: the subtree goes with the cut); a tick on an
  // edge the search follows is a claim it contradicts.
  function gradeEdge(g, row) {
    var fact = g.fact;
    if (!row.cut || (fact.pruned && !fact.cut)) { return null; }
    var id = g.m.data.ids[row.n];
    if (fact.cut) {
      g.total += 1;
      if (row.cut.checked) { g.right += 1; return 'right'; }
      mistake(g, 'q-little', 'too little pruning', 'you left the edge into ' + id + ', but a cut skips it. ' + fact.why_edge);
      return 'wrong';
    }
    if (!row.cut.checked) { return null; }
    g.contradicted += 1;
    mistake(g, 'q-much', 'too much pruning', 'you marked the edge into ' + id + ' as pruned, but it is searched. ' + fact.why_edge);
    return 'wrong';
  }

  var VERDICTS = ['wrong', 'unanswered', 'right'];
  var MARKS = table({ wrong: '\u2717 wrong', unanswered: '\u2717 unanswered', right: '\u2713 right' });

  // Grades the form against check's facts. The questions are the facts
  // the search has: the value and the window of each interior node it
  // gives them to, and each edge a cut skips. An empty field is
  // unanswered, which is wrong; a claim the search contradicts (a value or
  // a window where it has none, a tick on an edge it follows) takes one
  // right answer away, down to 0.
  function grade(m) {
    var g = { m: m, fact: null, list: document.createElement('ul'), right: 0, total: 0, unanswered: 0, contradicted: 0 };
    m.form.rows.forEach(function (row) {
      g.fact = m.data.facts[row.n];
      var verdicts = [gradeEdge(g, row)];
      if (row.value) { verdicts.push(gradeField(g, row, 'value', row.value, asked(g.fact.value, g.fact.exact.value), g.fact.why_value, sameValue)); }
      if (row.window) { verdicts.push(gradeField(g, row, 'window', row.window, asked(g.fact.window, g.fact.exact.window), g.fact.why_window, sameWindow)); }
      var worst = VERDICTS.filter(function (v) { return verdicts.indexOf(v) >= 0; })[0];
      row.tr.className = worst ? 'q-' + worst : '';
      setText(row.mark, worst ? MARKS[worst] : '');
    });
    var results = m.form.results;
    results.textContent = '';
    var score = document.createElement('p');
    score.className = 'q-score';
    score.textContent = Math.max(0, g.right - g.contradicted) + ' of ' + g.total + ' answers right.';
    results.appendChild(score);
    var notes = [];
    if (g.unanswered) { notes.push(g.unanswered + ' unanswered'); }
    if (g.contradicted) {
      notes.push(g.contradicted + (g.contradicted === 1 ? ' claim' : ' claims') +
        ' that the search contradicts, each taking one right answer away');
    }
    var detail = document.createElement('p');
    detail.className = 'q-detail';
    detail.textContent = notes.length ? g.right + ' right; ' + notes.join('; ') + '.' : '';
    results.appendChild(detail);
    if (g.list.childNodes.length) {
      results.appendChild(g.list);
    } else {
      var fine = document.createElement('p');
      fine.textContent = 'Everything is right.';
      results.appendChild(fine);
    }
  }

  function syncQuiz() {
    $('quiz-mode').disabled = !current.data.facts;
    if (!current.data.facts) { $('quiz-mode').checked = false; }
    var on = $('quiz-mode').checked;
    if (on && !current.form) { buildForm(current); }
    sections.forEach(function (section) { section.querySelector('.quiz-form').hidden = !on; });
  }

  // --- wiring -------------------------------------------------------------

  function layers() {
    ['w', 'v', 't', 'h'].forEach(function (slot) {
      document.body.classList.toggle('hide-' + slot, !$('layer-' + slot).checked);
    });
  }

  $('first').addEventListener('click', function () { stop(); show(0); });
  $('prev').addEventListener('click', function () { stop(); show(step - 1); });
  $('next').addEventListener('click', function () { stop(); show(step + 1); });
  $('last').addEventListener('click', function () { stop(); show(current.steps); });
  $('play').addEventListener('click', play);
  $('slider').addEventListener('input', function () { stop(); show(Number($('slider').value)); });
  $('prev-ex').addEventListener('click', function () { open(current.index - 1, 0); });
  $('next-ex').addEventListener('click', function () { open(current.index + 1, 0); });
  ['w', 'v', 't', 'h'].forEach(function (slot) { $('layer-' + slot).addEventListener('change', layers); });
  $('quiz-mode').addEventListener('change', function () {
    stop();
    models.forEach(function (m) { if (m) { m.revealed = false; } });
    syncQuiz();
    show(0);
  });
  document.addEventListener('keydown', function (event) {
    var tag = event.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') { return; }
    if (tag === 'BUTTON' && (event.key === ' ' || event.key === 'Enter')) { return; }
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var actions = table({
      ArrowRight: function () { stop(); show(step + 1); },
      ArrowLeft: function () { stop(); show(step - 1); },
      Home: function () { stop(); show(0); },
      End: function () { stop(); show(current.steps); },
      ' ': play
    });
    var action = actions[event.key];
    if (action && !quizHidden(current)) { event.preventDefault(); action(); }
  });
  window.addEventListener('hashchange', function () {
    var params = readHash();
    var index = params.exercise === null ? current.index : params.exercise;
    if (index !== current.index) { open(index, params.step || 0); } else if (params.step !== null && params.step !== step) { show(params.step); }
  });

  var start = readHash();
  layers();
  open(start.exercise === null ? 0 : start.exercise, start.step || 0);
  // The page's state, for tests and for other pages that embed it.
  window.gametree = {
    show: function (k) { show(k); return step; },
    step: function () { return step; },
    steps: function () { return current.steps; },
    exercise: function () { return current.index; },
    open: open
  };
}());
