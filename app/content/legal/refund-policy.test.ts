import { describe, expect, it } from "vitest";
import { SERVICES } from "~/features/booking/booking-model";
import { defaultSite } from "../site";
import { PACKAGE_TIMES, refundPolicy } from "./refund-policy";

describe("the Refund Policy", () => {
  it("states each package's time as booking enforces it", () => {
    const packages = SERVICES.filter((service) => service.sessions > 1);
    expect(packages.length).toBeGreaterThan(0);
    const said = packages.map((service) => `${service.windowDays} days for the ${service.title}`).join(" and ");
    expect(PACKAGE_TIMES).toBe(said);
  });

  it("offers the model cancellation form of CCR 2013 Schedule 3 Part B, addressed to her", () => {
    const site = {
      ...defaultSite,
      seller: { ...defaultSite.seller, legalName: "Ann Rose", address: "1 High St, Bath" },
    };
    const form = refundPolicy(site).sections.find((section) => section.heading === "Model Cancellation Form");
    expect(form?.items?.[0]).toBe(`To Ann Rose, trading as ${site.brand}, 1 High St, Bath, ${site.email}:`);
    expect(form?.items?.slice(1)).toEqual([
      "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],",
      "Ordered on [*]/received on [*],",
      "Name of consumer(s),",
      "Address of consumer(s),",
      "Signature of consumer(s) (only if this form is notified on paper),",
      "Date.",
      "[*] Delete as appropriate.",
    ]);
  });
});
