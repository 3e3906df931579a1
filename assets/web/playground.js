// The playground: sends the tree to the server's API and shows the page it
// answers with, or the error at its line and column. The page is shown in
// a sandboxed frame (scripts only, an origin of its own), so that nothing
// in it can reach the playground or its server.
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var examples = JSON.parse($('examples').textContent);
  var pending = null;
  examples.forEach(function (example, i) {
    var option = document.createElement('option');
    option.value = String(i);
    option.textContent = example[0];
    $('example').appendChild(option);
  });

  function query() {
    var params = ['algo=' + encodeURIComponent($('algo').value)];
    if ($('depth').value !== '') { params.push('depth=' + encodeURIComponent($('depth').value)); }
    ['strict', 'fail-hard', 'quiz'].forEach(function (flag) { if ($(flag).checked) { params.push(flag + '=true'); } });
    return params;
  }

  function post(path, params) {
    return fetch(path + '?' + params.join('&'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ tree: $('tree').value })
    })
      .then(function (response) {
        return response.text().then(function (text) { return { ok: response.ok, status: response.status, text: text }; });
      });
  }

  function showError(answer) {
    var error;
    try { error = JSON.parse(answer.text); } catch (e) { error = { error: answer.text }; }
    $('error').textContent = error.error;
    $('error').hidden = false;
    if (error.line) {
      $('status').textContent = 'Error at line ' + error.line + ', column ' + error.column + '.';
      var lines = $('tree').value.split('\n');
      var at = 0;
      for (var i = 0; i < error.line - 1 && i < lines.length; i++) { at += lines[i].length + 1; }
      at += error.column - 1;
      $('tree').setSelectionRange(at, at + 1);
    } else {
      $('status').textContent = 'Error (HTTP ' + answer.status + ').';
    }
  }

  function show() {
    pending = null;
    $('status').textContent = 'Searching...';
    var params = query().filter(function (p) { return p.indexOf('quiz') !== 0; });
    if ($('quiz').checked) { params.push('quiz=true'); }
    params.push('windows=true', 'provisional=true');
    post('/api/page', params).then(function (answer) {
      if (!answer.ok) { showError(answer); return; }
      $('error').hidden = true;
      $('status').textContent = 'Shown.';
      $('page').srcdoc = answer.text;
    }, function (e) { $('status').textContent = 'The server cannot be reached: ' + e; });
  }

  function solve() {
    post('/api/solve', query().filter(function (p) { return p.indexOf('quiz') !== 0; })).then(function (answer) {
      if (!answer.ok) { showError(answer); return; }
      $('error').hidden = true;
      $('json').textContent = answer.text;
      $('json').hidden = false;
    });
  }

  function later() {
    if (pending !== null) { clearTimeout(pending); }
    pending = setTimeout(show, 500);
  }

  $('example').addEventListener('change', function () {
    var example = examples[Number($('example').value)];
    if (example) { $('tree').value = example[1]; show(); }
  });
  $('tree').addEventListener('input', later);
  ['algo', 'depth', 'strict', 'fail-hard', 'quiz'].forEach(function (id) { $(id).addEventListener('change', show); });
  $('show').addEventListener('click', show);
  $('solve').addEventListener('click', solve);
  $('save').addEventListener('click', function () {
    var link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([$('tree').value], { type: 'text/plain' }));
    link.download = 'tree.tree';
    document.body.appendChild(link);
    link.click();
    link.remove();
  });
  show();
}());
