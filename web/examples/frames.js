// Starts each embedded game only when its frame scrolls into view (or its button is pressed), so
// that a page with several frames does not start several copies of Python at once.
(function () {
  "use strict";
  var frames = Array.prototype.slice.call(document.querySelectorAll("iframe[data-src]"));

  function start(frame) {
    if (frame.src || !frame.dataset.src) return;
    frame.src = frame.dataset.src;
    var button = frame.previousElementSibling;
    if (button && button.classList.contains("frame-start")) button.remove();
  }

  frames.forEach(function (frame) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "frame-start";
    button.textContent = "Start: " + frame.title;
    button.addEventListener("click", function () { start(frame); });
    frame.parentNode.insertBefore(button, frame);
  });

  if (!("IntersectionObserver" in window)) return; // the buttons start them
  var observer = new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        start(entry.target);
      }
    });
  }, { threshold: 0.3 });
  frames.forEach(function (frame) { observer.observe(frame); });
})();
