// decision-trail's trail browser: the one script, a progressive
// enhancement (every page works without it). In a tree or a trace
// ([data-keys]) the arrow keys move the focus: Down and Up to the next and
// previous visible node, Home and End to the first and last, Right opens a
// folded node and Left folds it, or goes up to its parent.
'use strict';
(function () {
  const ITEMS = 'a.row, summary, li > .node > a';
  function visible(list) {
    return Array.from(list.querySelectorAll(ITEMS)).filter((el) => el.getClientRects().length > 0);
  }
  document.addEventListener('keydown', (e) => {
    const list = e.target.closest && e.target.closest('[data-keys]');
    if (!list || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const items = visible(list);
    const at = items.indexOf(e.target);
    if (at < 0) return;
    const details = e.target.tagName === 'SUMMARY' ? e.target.parentElement : null;
    let to = null;
    switch (e.key) {
      case 'ArrowDown': to = items[at + 1]; break;
      case 'ArrowUp': to = items[at - 1]; break;
      case 'Home': to = items[0]; break;
      case 'End': to = items[items.length - 1]; break;
      case 'ArrowRight':
        if (details && !details.open) { details.open = true; e.preventDefault(); }
        return;
      case 'ArrowLeft':
        if (details && details.open) { details.open = false; e.preventDefault(); return; }
        {
          const from = details || e.target;
          const up = from.parentElement && from.parentElement.closest('details');
          to = up && up !== details ? up.querySelector('summary') : null;
        }
        break;
      default: return;
    }
    e.preventDefault();
    if (to) to.focus();
  });
  // A selected row's page opens at its detail (#detail, for narrow
  // screens); where the detail stands beside the rows, the row keeps the
  // focus, so the arrow keys go on from it.
  // After load: the browser's own move to #detail comes first.
  window.addEventListener('load', () => setTimeout(() => {
    const row = document.querySelector('a.row[aria-current]');
    if (row && location.hash === '#detail' && window.matchMedia('(min-width: 901px)').matches) {
      row.focus();
    }
  }, 0));
})();
