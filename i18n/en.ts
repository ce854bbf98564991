import englishMessages from 'ra-language-english';
import { id } from './id';

/** English: react-admin's own messages; product texts fall back to Indonesian until translated. */
export const en = { ...id, ...englishMessages };
