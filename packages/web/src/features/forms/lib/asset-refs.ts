/**
 * Asset references in form values (SPEC §3, §5): the server's own pure module,
 * so the values sent to POST /submissions/save are reduced exactly as the
 * server reduces them.
 */
export { assetIdOf, isAssetObject, reduceAssets, toAssetRef, UNKNOWN_FILE_TYPE, type AssetRef } from "@fleetforms/core/asset/reference";
