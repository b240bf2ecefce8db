/**
 * The page's only script: click (or Enter on) a column header of a table.sortable to sort its
 * rows by that column, again to reverse. Cells sort by their data-sort number when they have
 * one, otherwise by text; cells without a value ("–") go last either way.
 */
export const SORT_SCRIPT = `
(function () {
  function key(cell) {
    if (!cell) return null;
    var raw = cell.getAttribute('data-sort');
    if (raw !== null) return raw === '' ? null : Number(raw);
    var text = cell.textContent.trim();
    return text === '' || text === '\\u2013' ? null : text.toLowerCase();
  }
  function compare(a, b) {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return String(a).localeCompare(String(b), 'en', { numeric: true });
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var headers = table.querySelectorAll('thead th');
    headers.forEach(function (th, column) {
      th.tabIndex = 0;
      th.title = 'Sort by ' + th.textContent.trim();
      function sort() {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (ra, rb) {
          var a = key(ra.cells[column]), b = key(rb.cells[column]);
          if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
          return ascending ? compare(a, b) : compare(b, a);
        });
        rows.forEach(function (row) { body.appendChild(row); });
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); sort(); }
      });
    });
  });
})();
`;
