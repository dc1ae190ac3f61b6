// Worker tests exercise the API; pages are covered by the e2e suite against the real build.
export const routes = {};
export const entry = { module: {} };
export const assets = { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" };
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const basename = "/";
