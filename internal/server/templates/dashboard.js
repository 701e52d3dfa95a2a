// The dashboard's one script: copy buttons. A button with data-copy="ID"
// copies the text of the element with that id; the Clipboard API needs a
// secure context (https or localhost), so a selection and execCommand
// are the fallback elsewhere.
"use strict";
document.addEventListener("click", function (ev) {
  var b = ev.target.closest("button[data-copy]");
  if (!b) return;
  var el = document.getElementById(b.dataset.copy);
  if (!el) return;
  var text = el.innerText;
  var done = function () { b.textContent = "Copied"; setTimeout(function () { b.textContent = "Copy"; }, 1500); };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(done, function () { fallback(el) && done(); });
  } else if (fallback(el)) {
    done();
  }
});
function fallback(el) {
  var r = document.createRange();
  r.selectNodeContents(el);
  var s = window.getSelection();
  s.removeAllRanges();
  s.addRange(r);
  var ok = false;
  try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
  return ok;
}
