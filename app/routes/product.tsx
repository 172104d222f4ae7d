import { PageHero } from "~/components/layout/page-hero";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = () => [{ title: "Product | Sacred Healing" }];

export default function Page({ params }: Route.ComponentProps) {
  return <PageHero title="Product" intro={params.productId} />;
}
