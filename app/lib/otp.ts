/** Keeps only digits, at most six: what the code input accepts (SPEC §5, §9). */
export const otpDigits = (value: string) => value.replace(/\D/g, "").slice(0, 6);
