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
  bar.hidden = false;
  root.setAttribute('data-js', 'ready');
})();
