/**
 * The one inline script of every page, run in <head> before anything is painted (the Content-Security-Policy
 * allows exactly this text by its hash: FIRST_PAINT_SCRIPT_HASH in security-headers.ts, checked by a test).
 *
 * - It guesses this visitor's language the way i18next will decide it (packages/web/src/lib/i18n-options.ts:
 *   query, cookie, local and session storage, browser), sets <html lang> and starts fetching the
 *   translations while the app's JavaScript downloads. A wrong guess costs one small request. A static page
 *   (data-islands: no app, a small script of its own) fetches no translations: both languages are in it.
 * - A page pre-rendered at build time carries both languages; the stylesheet shows the one <html lang> names
 *   (packages/web/src/index.css). The page lists the paths it was rendered for (data-prerendered); served
 *   for any other path (a fallback, an offline copy) its content is hidden until the app draws the page.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var html = document.documentElement;
  var pick = function (value) {
    return value ? (/^es\\b/i.test(value) ? "es" : /^en\\b/i.test(value) ? "en" : null) : null;
  };
  var stored = function (name) {
    try {
      return window[name].getItem("i18nextLng");
    } catch (error) {
      return null;
    }
  };
  var lng = "en";
  try {
    var cookie = document.cookie.match(/(?:^|;\\s*)i18next=([^;]*)/);
    var found = [new URLSearchParams(location.search).get("lng"), cookie && cookie[1], stored("localStorage"), stored("sessionStorage")].concat(navigator.languages || [navigator.language]);
    for (var i = 0; i < found.length; i++) {
      if (pick(found[i])) {
        lng = pick(found[i]);
        break;
      }
    }
    if (!html.hasAttribute("data-islands")) {
      var link = document.createElement("link");
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous";
      link.href = "/locales/" + lng + "/translation.json";
      document.head.appendChild(link);
    }
  } catch (error) {
    lng = "en";
  }
  html.lang = lng;
  var title = html.getAttribute("data-title-" + lng);
  if (title) document.title = title;
  var paths = html.getAttribute("data-prerendered");
  if (paths !== null && paths.split(" ").indexOf(location.pathname) < 0) html.setAttribute("data-prerendered", "elsewhere");
})();`;
