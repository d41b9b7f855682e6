/** An on/off variable: on unless it says "false" or "0" (unset or empty is on). */
export const switchedOn = (value: string | undefined) => value !== "false" && value !== "0";
