export * as Pdf from "./index";

export { htmlToPdf, close, browser, ownAssetId, RENDER_ORIGIN, type AssetBody, type RenderOptions } from "./browser";
export { checkTemplate, renderTemplate, templateContext, TemplateError, HELPER_NAMES, TEMPLATE_MAX_CHARS, type DocumentModel } from "./template";
export { renderDocument, defaultLayout, amendmentLog } from "./layout";
export { reportOf, footerTemplate, declaresDefects } from "./report";
export { renderIsolated, stopWorkers } from "./sandbox";
export * from "./limits";
