/* global document, window, location */
// Starts fetching this visitor's translations while the app's JavaScript downloads. The guess mirrors the
// detection order of src/lib/i18n-options.ts (query, cookie, local and session storage, browser); a wrong
// guess costs one small request, i18next still decides. A file rather than an inline script: the
// Content-Security-Policy allows scripts from the site only (packages/core/src/web/security-headers.ts).
(function () {
  try {
    var pick = function (value) {
      return value ? (/^es\b/i.test(value) ? "es" : /^en\b/i.test(value) ? "en" : null) : null;
    };
    var cookie = document.cookie.match(/(?:^|;\s*)i18next=([^;]*)/);
    var store = function (name) {
      try {
        return window[name].getItem("i18nextLng");
      } catch {
        return null;
      }
    };
    var found = [new URLSearchParams(location.search).get("lng"), cookie && cookie[1], store("localStorage"), store("sessionStorage")].concat(navigator.languages || [navigator.language]);
    var lng = "en";
    for (var i = 0; i < found.length; i++) {
      if (pick(found[i])) {
        lng = pick(found[i]);
        break;
      }
    }
    var link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = "/locales/" + lng + "/translation.json";
    document.head.appendChild(link);
    document.documentElement.lang = lng;
  } catch {
    document.documentElement.lang = "en";
  }
})();
