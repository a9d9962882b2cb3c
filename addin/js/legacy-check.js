// A classic script in ES5 (no modules, arrows, let/const, ?. or ??), loaded before the pane's module.
// Office 2016 and 2019 (one-time purchase) show add-ins in Internet Explorer 11 (Trident), which has no ES
// modules, or in the original Edge (EdgeHTML), which loads modules but cannot parse ?. and ??. Either way the
// module never starts and the pane would say "Connecting…" forever: this script says why instead.
// - no module support ('noModule' missing from HTMLScriptElement.prototype): explain once the page is parsed;
// - modules, but main.js did not set window.wordBridgeStarted within GRACE_MS after the page's load event
//   (module scripts run before it): explain that the pane did not start.

(function (win) {
  var GRACE_MS = 3000;
  var WORKS_IN = "Word Bridge works in Word for Microsoft 365 (Windows or Mac), Word 2021 or later, "
    + "Word on the web and Word for Mac 16.x.";
  var WHAT_TO_DO = " Update Office (File > Account > Update Options), or open the document in Word on the web "
    + "(office.com) and start Word Bridge there.";
  var OLD_WORD = "This version of Word shows add-ins with Internet Explorer or the original Microsoft Edge "
    + "(Office 2016 and Office 2019 do), which cannot run the Word Bridge pane. ";
  var NOT_STARTED = "The Word Bridge pane did not start. Office 2016 and Office 2019 show add-ins with the original "
    + "Microsoft Edge, which cannot run it. ";
  var STILL_STUCK = " With a current Word, reload the pane and check that the bridge is running (word-bridge doctor).";

  /**
   * Replace the "Connecting…" status with the explanation.
   * @param {boolean} modulesMissing  true: the browser has no ES modules; false: the module did not start
   */
  function explain(modulesMissing) {
    var doc = win.document;
    var status = doc.getElementById("status");
    var statusText = doc.getElementById("status-text");
    var notice = doc.getElementById("notice");
    if (status) status.setAttribute("data-status", "unsupported");
    if (statusText) statusText.textContent = modulesMissing ? "Needs a newer Word" : "Did not start";
    if (!notice) return;
    notice.textContent = modulesMissing
      ? OLD_WORD + WORKS_IN + WHAT_TO_DO
      : NOT_STARTED + WORKS_IN + WHAT_TO_DO + STILL_STUCK;
    notice.removeAttribute("hidden");
    notice.hidden = false;
  }

  function modulesSupported() {
    var Script = win.HTMLScriptElement;
    return !!Script && "noModule" in Script.prototype;
  }

  function checkStarted() {
    if (!(/** @type {any} */ (win)).wordBridgeStarted) explain(false);
  }

  var doc = win.document;
  if (!modulesSupported()) {
    if (doc.readyState === "loading") {
      doc.addEventListener("DOMContentLoaded", function () { explain(true); });
    } else {
      explain(true);
    }
    return;
  }
  if (doc.readyState === "complete") {
    win.setTimeout(checkStarted, GRACE_MS);
  } else {
    win.addEventListener("load", function () { win.setTimeout(checkStarted, GRACE_MS); });
  }
}(window));
