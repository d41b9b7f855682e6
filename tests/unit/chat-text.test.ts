import { describe, expect, it } from "vitest";
import { asksForAPerson, newSessionId } from "~/capabilities/chat/chat";

describe("asking for a person", () => {
  it.each([
    "Can I talk to a real person?",
    "I'd like to speak with someone about 300 hoodies",
    "connect me to a sales rep please",
    "I want a real human",
    "Please have someone call me",
    "human please",
    "Could you get back to me tomorrow?",
    "Can I speak to your manager?",
  ])("hears %j as a request for a person", (message) => {
    expect(asksForAPerson(message)).toBe(true);
  });

  it.each([
    "Can a person get a discount?",
    "How many people can use a webstore?",
    "Do you ship to each person directly?",
    "What is your turnaround time?",
    "Can we talk about pricing?",
  ])("does not hear %j as one", (message) => {
    expect(asksForAPerson(message)).toBe(false);
  });
});

describe("session ids", () => {
  it("are the time plus a random string, never the same twice", () => {
    const id = newSessionId(1_763_900_000_000);
    expect(id).toMatch(/^1763900000000_[a-z0-9]{18}$/);
    expect(newSessionId(1)).not.toBe(newSessionId(1));
  });
});
