// The index page's sorting and filtering: rows carry their sort keys.
(function () {
  var table = document.getElementById('q-games'), body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var game = document.getElementById('q-game'), status = document.getElementById('q-state');
  var text = document.getElementById('q-text'), count = document.getElementById('q-count');
  function filter() {
    var g = game.value, s = status.value, t = text.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (r) {
      var ok = (!g || r.getAttribute('data-game') === g) && (!s || r.getAttribute('data-state') === s) &&
        (!t || r.textContent.toLowerCase().indexOf(t) >= 0);
      r.hidden = !ok;
      if (ok) shown++;
    });
    count.textContent = shown;
  }
  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (th, col) {
    th.tabIndex = 0;
    function sort() {
      var asc = th.getAttribute('aria-sort') !== 'ascending';
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
      var key = function (r) { return r.cells[col].getAttribute('data-key') || r.cells[col].textContent; };
      var num = th.getAttribute('data-num') === '1';
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        var c = num ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
        return asc ? c : -c;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    }
    th.onclick = sort;
    th.onkeydown = function (e) { if (e.key === 'Enter') sort(); };
  });
  game.onchange = status.onchange = text.oninput = filter;
  filter();
})();
