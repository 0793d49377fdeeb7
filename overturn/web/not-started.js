// Both pages' notice that their script has not started (the element #not-started in each page's HTML, palette.css):
// this classic script, run before the page's modules (deferred, in the page's order), shows it at once when the
// page's module graph fails (a file that did not load, or did not parse: a browser too old for
// `import … with { type: "json" }`), and on a browser with no modules at all. A page whose script starts removes the
// notice as its first act; a slow page that has failed at nothing never shows it (palette.css shows it by itself only
// after 20 s, in case nothing here ran). Written for any browser: no module syntax, no arrow functions.
(function () {
  "use strict";
  var notice = document.getElementById("not-started");
  if (!notice) return;
  function show() {
    if (notice.parentNode) notice.className += " failed";
  }
  if (!("noModule" in document.createElement("script"))) {
    show();
    return;
  }
  function failed(event) {
    var target = event.target;
    // a module that did not load (an error at its <script>), or one that did not parse or threw (reported to the window)
    if (event.type === "error" && (target === window || (target && target.tagName === "SCRIPT"))) show();
    if (!notice.parentNode) window.removeEventListener("error", failed, true);
  }
  window.addEventListener("error", failed, true);
})();
