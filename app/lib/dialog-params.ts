import type { ShouldRevalidateFunction } from "react-router";

/**
 * Search parameters that only say which dialog is open (Settings → Social Accounts' `?connect=` and
 * `?disconnect=`): in the URL so the dialogs work as pages without JavaScript, but changing no data.
 */
export const DIALOG_PARAMS = ["connect", "disconnect"] as const;

const withoutDialogs = (url: URL) => {
  const params = new URLSearchParams(url.search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return `${url.pathname}?${params}`;
};

/**
 * Opening or closing such a dialog reads nothing again; any other navigation, a form's post or an explicit
 * revalidation (the same URL again, as `useRevalidator` asks) does.
 */
export const skipDialogRevalidation: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  (formMethod === undefined || formMethod === "GET") &&
  currentUrl.href !== nextUrl.href &&
  withoutDialogs(currentUrl) === withoutDialogs(nextUrl)
    ? false
    : defaultShouldRevalidate;
