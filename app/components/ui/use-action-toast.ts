import { useEffect } from "react";
import type { ActionData } from "~/lib/forms/action-data";
import { showToast } from "./toast";

/** Shows the toast of each answer an action gives without redirecting (a redirect's toast comes by flash). */
export function useActionToast(actionData: ActionData | undefined) {
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
}
