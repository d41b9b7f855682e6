/** Texts and limits of the chat assistant, shared by the server and the chat window. */
import { CONTACT_HREF } from "~/platform/shell/contact";

export const CHAT_LIMITS = {
  messageLength: 1000,
  messagesPerConversation: 30,
  conversationsPerAddressPerHour: 10,
  messagesPerAddressPerHour: 60,
} as const;

export const CONTACT_FORM_LINK = CONTACT_HREF;

/** What the window gets when a conversation opens (the `data` of the endpoint's FormResult). */
export interface ChatOpened {
  sessionId: string;
  greeting: string;
  /** No language model is set up: answers are keyword matches. */
  keywordsOnly: boolean;
}

export const CHAT_TEXT = {
  greeting:
    "Hi! I'm the Merch Simplified assistant. Ask me about webstores, bulk orders, pricing, turnaround or anything else, and I'll answer from our website.",
  emptyMessage: "Please type a message.",
  tooLong: `Please keep your message under ${CHAT_LIMITS.messageLength.toLocaleString("en-US")} characters.`,
  conversationFull: `This conversation has reached its limit of ${CHAT_LIMITS.messagesPerConversation} messages. Please use the contact form (${CONTACT_FORM_LINK}) and our team will get back to you.`,
  tooManyConversations:
    "You've started too many chats in the last hour. Please try again later, or use the contact form and our team will get back to you.",
  tooManyMessages: (minutes: number) =>
    `You've sent too many messages in the last hour. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or use the contact form.`,
  unknownConversation: "This chat has ended. Please start a new chat.",
  invalidEmail: "Please enter a valid email address.",
  missingDetails: "Please enter your name or email.",
  dontKnow: `I'm sorry, I don't know the answer to that. Please use the [contact form](${CONTACT_FORM_LINK}) and a member of our team will get back to you.`,
  foundIntro: "Here's what I found on our website:",
  keywordsOnly:
    "No AI model is set up on this site: answers are passages from our website found by keyword matching.",
  foundOutro: `If that doesn't answer your question, use the [contact form](${CONTACT_FORM_LINK}) and our team will get back to you.`,
  handoff: `I'll pass your question on to our team. Please leave your name and email here or in the [contact form](${CONTACT_FORM_LINK}), and a member of our team will get back to you shortly.`,
  handoffWithEmail: (email: string) =>
    `I've passed your question on to our team, and a member of our team will reply to ${email} shortly. You can also use the [contact form](${CONTACT_FORM_LINK}).`,
  cutOff: "\n\n(Sorry, my answer was cut off.)",
  assistantOff: "The chat assistant is not available. Please use the contact form.",
  refused:
    "I can't share that. I can help with questions about our webstores, bulk orders and pricing.",
} as const;

const HUMAN =
  "(?:a |an |the |your |one of your |someone|somebody)?\\s*(?:real |actual |live )?(?:human|person|representative|rep|agent|sales ?(?:person|team|rep)|staff(?: member)?|team member|employee|someone|somebody|manager)";
const PERSON_REQUEST = [
  new RegExp(
    `\\b(?:talk|speak|chat|connect me|put me through|transfer me)\\s+(?:to|with)\\s+${HUMAN}\\b`,
    "i",
  ),
  new RegExp(
    `\\b(?:want|need|get|have)\\s+(?:a |an |to )?(?:real |actual |live )(?:human|person)\\b`,
    "i",
  ),
  new RegExp(
    `\\b(?:want|need|get|have)\\s+(?:a |an )(?:human|representative|agent|sales ?person)\\b`,
    "i",
  ),
  /\b(?:call me|contact me|email me|get back to me|reach out to me|human,? please)\b/i,
  /\bhave\s+(?:someone|somebody|a person)\s+(?:call|contact|email|reach)\b/i,
];

/** The visitor asks for a human: offer the contact form and turn the question into a lead. */
export function asksForAPerson(message: string): boolean {
  return PERSON_REQUEST.some((pattern) => pattern.test(message));
}

/** A chat session id: the time it started plus a random string (spec public-site §data). */
export function newSessionId(now = Date.now()): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(9)), (b) =>
    b.toString(36).padStart(2, "0"),
  ).join("");
  return `${now}_${random}`;
}
