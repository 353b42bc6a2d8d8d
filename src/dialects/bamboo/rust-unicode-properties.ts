// The Unicode property classes (`\p{...}`) that re2js can run with exactly Rust's meaning, and how Rust's loose
// name matching (`\p{greek}`, `\p{ Greek }`, `\p{sc=Greek}`) finds them. Names only; no code-point data.
//
// Measured (test/fixtures/bamboo/rust-regex-oracle): re2js 2.10.0 has Unicode 17 tables, Rust's regex-syntax 0.8.12
// Unicode 16; these are the general categories, scripts and binary properties whose code points are identical in both.
// The others (L, Lo, Lu, Ll, Nd, N, M, S, Han, Latin, Arabic, Common, Alphabetic, Emoji, ...) gained or lost code
// points between the versions, so hookd refuses them rather than match a different set.

/** `\p{X}` written as Rust's `regex` names it, as re2js spells it. */
const EXACT_PROPERTIES = [
  'ASCII_Hex_Digit', 'Adlam', 'Ahom', 'Anatolian_Hieroglyphs', 'Armenian', 'Avestan', 'Balinese', 'Bamum',
  'Bassa_Vah', 'Batak', 'Bengali', 'Bhaiksuki', 'Bopomofo', 'Brahmi', 'Braille', 'Buginese', 'Buhid',
  'Canadian_Aboriginal', 'Carian', 'Caucasian_Albanian', 'Cc', 'Cf', 'Chakma', 'Cham', 'Cherokee', 'Chorasmian',
  'Co', 'Coptic', 'Cuneiform', 'Cypriot', 'Cypro_Minoan', 'Cyrillic', 'Dash', 'Deseret', 'Devanagari', 'Dives_Akuru',
  'Dogra', 'Duployan', 'Egyptian_Hieroglyphs', 'Elbasan', 'Elymaic', 'Emoji_Component', 'Emoji_Modifier',
  'Emoji_Modifier_Base', 'Ethiopic', 'Garay', 'Georgian', 'Glagolitic', 'Gothic', 'Grantha', 'Greek', 'Gujarati',
  'Gunjala_Gondi', 'Gurmukhi', 'Gurung_Khema', 'Hangul', 'Hanifi_Rohingya', 'Hanunoo', 'Hatran', 'Hebrew',
  'Hex_Digit', 'Hiragana', 'Imperial_Aramaic', 'Inscriptional_Pahlavi', 'Inscriptional_Parthian', 'Javanese',
  'Kaithi', 'Katakana', 'Kawi', 'Kayah_Li', 'Kharoshthi', 'Khitan_Small_Script', 'Khmer', 'Khojki', 'Khudawadi',
  'Kirat_Rai', 'Lao', 'Lepcha', 'Limbu', 'Linear_A', 'Linear_B', 'Lisu', 'Lt', 'Lycian', 'Lydian', 'Mahajani',
  'Makasar', 'Malayalam', 'Mandaic', 'Manichaean', 'Marchen', 'Masaram_Gondi', 'Me', 'Medefaidrin', 'Meetei_Mayek',
  'Mende_Kikakui', 'Meroitic_Cursive', 'Meroitic_Hieroglyphs', 'Miao', 'Modi', 'Mongolian', 'Mro', 'Multani',
  'Myanmar', 'Nabataean', 'Nag_Mundari', 'Nandinagari', 'New_Tai_Lue', 'Newa', 'Nko', 'No', 'Nushu',
  'Nyiakeng_Puachue_Hmong', 'Ogham', 'Ol_Chiki', 'Ol_Onal', 'Old_Hungarian', 'Old_Italic', 'Old_North_Arabian',
  'Old_Permic', 'Old_Persian', 'Old_Sogdian', 'Old_South_Arabian', 'Old_Turkic', 'Old_Uyghur', 'Oriya', 'Osage',
  'Osmanya', 'Pahawh_Hmong', 'Palmyrene', 'Pau_Cin_Hau', 'Pc', 'Pd', 'Pe', 'Pf', 'Phags_Pa', 'Phoenician', 'Pi',
  'Ps', 'Psalter_Pahlavi', 'Quotation_Mark', 'Rejang', 'Runic', 'Samaritan', 'Saurashtra', 'Shavian', 'Siddham',
  'SignWriting', 'Sinhala', 'Sk', 'Sogdian', 'Sora_Sompeng', 'Soyombo', 'Sundanese', 'Sunuwar', 'Syloti_Nagri',
  'Syriac', 'Tagalog', 'Tagbanwa', 'Tai_Le', 'Tai_Tham', 'Tai_Viet', 'Takri', 'Tamil', 'Tangsa',
  'Terminal_Punctuation', 'Thaana', 'Thai', 'Tibetan', 'Tifinagh', 'Tirhuta', 'Todhri', 'Toto', 'Tulu_Tigalari',
  'Ugaritic', 'Vai', 'Vithkuqi', 'Wancho', 'Warang_Citi', 'White_Space', 'Yezidi', 'Yi', 'Z', 'Zanabazar_Square',
  'Zl', 'Zp', 'Zs',
] as const;

/** Rust's loose matching (UAX44-LM3): case, spaces, `_` and `-` do not count. */
const loose = (name: string): string => name.replace(/[\s_-]/g, '').toLowerCase();

const BY_LOOSE_NAME = new Map<string, string>(EXACT_PROPERTIES.map((name) => [loose(name), name]));

/** Rust's prefixes that say which property a value belongs to; a bare value means either. */
const GENERAL_CATEGORY_KEYS = new Set(['gc', 'generalcategory']);
const SCRIPT_KEYS = new Set(['sc', 'script']);
const GENERAL_CATEGORIES = new Set(['Cc', 'Cf', 'Co', 'Lt', 'Me', 'No', 'Pc', 'Pd', 'Pe', 'Pf', 'Pi', 'Ps', 'Sk', 'Z', 'Zl', 'Zp', 'Zs']);

export type PropertyName = { readonly name: string; readonly negated: boolean } | { readonly unknown: string };

/**
 * The re2js name of the property written inside `\p{...}` (or the one letter of `\pL`), and whether `!=` negates
 * it; `unknown` when re2js cannot run it with Rust's meaning.
 */
export function exactProperty(written: string): PropertyName {
  const match = /^([^=!:]*)(!=|=|:)(.*)$/s.exec(written);
  let key: string | undefined;
  let value = written;
  let negated = false;
  if (match !== null) {
    key = loose(match[1]!);
    value = match[3]!;
    negated = match[2] === '!=';
  }
  const name = BY_LOOSE_NAME.get(loose(value));
  if (name === undefined) return { unknown: written };
  if (key !== undefined) {
    const isCategory = GENERAL_CATEGORIES.has(name);
    const fits = GENERAL_CATEGORY_KEYS.has(key) ? isCategory : SCRIPT_KEYS.has(key) ? !isCategory && !BINARY_PROPERTIES.has(name) : false;
    if (!fits) return { unknown: written };
  }
  return { name, negated };
}

const BINARY_PROPERTIES = new Set<string>([
  'ASCII_Hex_Digit', 'Dash', 'Emoji_Component', 'Emoji_Modifier', 'Emoji_Modifier_Base', 'Hex_Digit', 'Quotation_Mark',
  'Terminal_Punctuation', 'White_Space',
]);
