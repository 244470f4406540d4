(function () {
  var root = document.documentElement;
  var bar = document.getElementById('filters');
  var items = document.querySelectorAll('[data-case-status]');
  var buttons = bar.querySelectorAll('button[data-filter]');
  function show(filter) {
    items.forEach(function (el) {
      el.hidden = filter !== 'all' && el.getAttribute('data-case-status') !== filter;
    });
    buttons.forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-filter') === filter));
    });
  }
  bar.addEventListener('click', function (e) {
    var b = e.target.closest('button');
    if (!b) { return; }
    if (b.hasAttribute('data-filter')) {
      show(b.getAttribute('data-filter'));
    } else {
      var open = b.getAttribute('data-open') === 'true';
      document.querySelectorAll('details.case').forEach(function (d) { d.open = open; });
    }
  });
  // Sortable case table: each header with data-sort becomes a button; num columns sort by the
  // cells' data-value, text columns by their text; equal keys keep the page's order.
  var table = document.getElementById('case-table');
  if (table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.forEach(function (r, i) { r.setAttribute('data-order', String(i)); });
    var heads = table.querySelectorAll('th[data-sort]');
    heads.forEach(function (th) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'sort';
      while (th.firstChild) { b.appendChild(th.firstChild); }
      th.appendChild(b);
      b.addEventListener('click', function () {
        var column = th.cellIndex;
        var numeric = th.getAttribute('data-sort') === 'num';
        var descending = th.getAttribute('aria-sort') === 'ascending';
        heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        function key(r) {
          var cell = r.cells[column];
          return numeric ? parseFloat(cell.getAttribute('data-value')) : cell.textContent.toLowerCase();
        }
        var sorted = rows.slice().sort(function (x, y) {
          var a = key(x), c = key(y);
          var d = a < c ? -1 : a > c ? 1 : 0;
          if (descending) { d = -d; }
          return d || Number(x.getAttribute('data-order')) - Number(y.getAttribute('data-order'));
        });
        sorted.forEach(function (r) { body.appendChild(r); });
      });
    });
  }
  bar.hidden = false;
  root.setAttribute('data-js', 'ready');
})();
