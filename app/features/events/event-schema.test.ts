import { describe, expect, it } from "vitest";
import { eventFormSchema, londonToUtc, utcToLondonFields } from "./event-schema";
import { formatEventTime } from "./event-time";

describe("event times, typed in UK time and stored UTC", () => {
  it("reads a winter time as GMT and a summer time as BST", () => {
    expect(londonToUtc("2027-01-15", "19:00").toISOString()).toBe("2027-01-15T19:00:00.000Z");
    expect(londonToUtc("2027-07-15", "19:00").toISOString()).toBe("2027-07-15T18:00:00.000Z");
  });

  it("takes the first of the autumn's repeated hour and moves a spring-gap time past the gap", () => {
    expect(londonToUtc("2027-10-31", "01:30").toISOString()).toBe("2027-10-31T00:30:00.000Z");
    expect(londonToUtc("2027-03-28", "01:30").toISOString()).toBe("2027-03-28T01:30:00.000Z");
  });

  it("gives the form back the same UK date and time", () => {
    for (const [date, time] of [
      ["2027-01-15", "09:05"],
      ["2027-07-15", "23:30"],
      ["2027-10-31", "00:15"],
    ] as const) {
      expect(utcToLondonFields(londonToUtc(date, time))).toEqual({ date, time });
    }
  });

  it("shows the time as the UK reads it", () => {
    expect(formatEventTime(new Date("2027-07-17T18:00:00Z"))).toBe("Saturday 17 July 2027, 7pm");
    expect(formatEventTime(new Date("2027-01-16T10:30:00Z"))).toBe("Saturday 16 January 2027, 10:30am");
  });
});

describe("the event form", () => {
  const valid = {
    title: "Full Moon Circle",
    date: "2027-03-14",
    time: "19:00",
    online: false,
    place: "Bath",
    description: "",
    bookingUrl: "",
  };
  it("needs a place unless the event is online", () => {
    expect(eventFormSchema.safeParse({ ...valid, place: "" }).success).toBe(false);
    expect(eventFormSchema.safeParse({ ...valid, place: "", online: true }).success).toBe(true);
  });
  it("refuses a booking link that is not https and strips markup from text", () => {
    expect(eventFormSchema.safeParse({ ...valid, bookingUrl: "http://x.example.org" }).success).toBe(false);
    expect(eventFormSchema.safeParse({ ...valid, bookingUrl: "javascript:alert(1)" }).success).toBe(false);
    const parsed = eventFormSchema.parse({ ...valid, title: "<b>Circle</b>" });
    expect(parsed.title).toBe("bCircle/b");
  });
});
