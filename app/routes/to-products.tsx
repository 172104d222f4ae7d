import { redirect } from "react-router";

/** /stories, /healing-guides and /courses were the old names of the product library. */
export function loader() {
  return redirect("/products", 301);
}
