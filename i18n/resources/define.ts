/**
 * A resource's texts in both languages. The English object must have exactly the Indonesian
 * one's shape (the compiler checks it; tests/unit/i18n-en.test.ts compares the key sets).
 */
export const defineTexts = <T>(texts: { id: T; en: NoInfer<T> }) => texts;
