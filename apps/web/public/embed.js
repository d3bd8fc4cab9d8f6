/* global window, document */
/*
 * Formbridge embed script (issue 33): sizes each embedded Formbridge form to its content and
 * re-dispatches its submit message as a DOM event on the iframe. Load it next to the iframe:
 *   <iframe src="https://forms.example.org/embed/form/TOKEN" data-formbridge-embed></iframe>
 *   <script src="https://forms.example.org/embed.js" async></script>
 * Your page also receives the raw message: window.addEventListener('message', (event) => {
 *   if (event.data && event.data.type === 'formbridge:submitted') { ... event.data.id ... } });
 */
(function () {
  'use strict';
  if (window.__formbridgeEmbed) {
    return;
  }
  window.__formbridgeEmbed = true;
  var scriptOrigin = (function () {
    var current = document.currentScript;
    try {
      return current ? new URL(current.src).origin : null;
    } catch {
      return null;
    }
  })();

  function frameOf(source) {
    var frames = document.querySelectorAll('iframe[data-formbridge-embed]');
    for (var i = 0; i < frames.length; i += 1) {
      if (frames[i].contentWindow === source) {
        return frames[i];
      }
    }
    return null;
  }

  window.addEventListener('message', function (event) {
    // Only messages from a Formbridge form this script was served with.
    if (scriptOrigin && event.origin !== scriptOrigin) {
      return;
    }
    var data = event.data;
    var frame = data && typeof data.type === 'string' ? frameOf(event.source) : null;
    if (!frame) {
      return;
    }
    if (data.type === 'formbridge:resize' && typeof data.height === 'number') {
      frame.style.height = Math.max(200, Math.ceil(data.height)) + 'px';
    } else if (data.type === 'formbridge:submitted') {
      frame.dispatchEvent(
        new CustomEvent('formbridge:submitted', { detail: { id: data.id }, bubbles: true }),
      );
    }
  });
})();
