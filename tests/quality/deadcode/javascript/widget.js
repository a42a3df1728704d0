// A browser script (no import, export or require): its top-level functions
// are globals that the page's HTML calls, so none of them is reported.
function openMenu() {
  document.body.classList.add('menu-open');
}

function closeMenu() {
  document.body.classList.remove('menu-open');
}

window.addEventListener('keydown', function (event) {
  const key = event.key;
  const when = event.timeStamp; // expect: unused-local-variable
  if (key === 'Escape') {
    closeMenu();
  }
});
