import { useRouteLoaderData } from "react-router";
import { defaultSite, type Site } from "~/content/site";

/** The practice's details for this page, from the root loader (which reads the saved settings). */
export function useSite(): Site {
  const root = useRouteLoaderData("root") as { site?: Site } | undefined;
  return root?.site ?? defaultSite;
}

/** The same, inside a meta function. */
export function siteFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Site {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { site?: Site } | undefined;
  return root?.site ?? defaultSite;
}
