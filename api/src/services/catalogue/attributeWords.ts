// Dietary words in a search: "gluten free bread" is bread that is gluten-free, not bread whose name says
// "free". The attribute's phrases are taken out of the words to match and become an attribute filter, so
// quinoa is found by "gluten free quinoa" though its name never says it. Written however shoppers write
// them: "gluten free", "gluten-free", "glutenfree", "non dairy", "no sugar".
import { DIETARY_ATTRIBUTES, type DietaryAttribute } from '@grocer/shared/contracts';

/** The phrases that mean each attribute, as words (any spacing or hyphen between them, or none). */
export const ATTRIBUTE_PHRASES: Readonly<Record<DietaryAttribute, readonly string[]>> = {
  'gluten-free': ['gluten free', 'no gluten', 'without gluten'],
  organic: ['organic', 'organics'],
  vegan: ['vegan'],
  'dairy-free': ['dairy free', 'non dairy', 'no dairy', 'without dairy'],
  'low-sodium': ['low sodium', 'low salt', 'reduced sodium'],
  'sugar-free': ['sugar free', 'no sugar', 'no added sugar', 'zero sugar', 'sugarless'],
  kosher: ['kosher'],
};

const phraseRe = (phrase: string) => `(?<![a-z0-9])${phrase.split(' ').join('[^a-z0-9]*')}(?![a-z0-9])`;

// Longest phrases first, so "no added sugar" is taken whole before anything shorter could take part of it.
const PHRASES = DIETARY_ATTRIBUTES.flatMap((attribute) => ATTRIBUTE_PHRASES[attribute].map((phrase) => ({ attribute, phrase })))
  .sort((a, b) => b.phrase.length - a.phrase.length)
  .map(({ attribute, phrase }) => ({ attribute, re: new RegExp(phraseRe(phrase), 'g') }));

export interface QueryAttributes {
  /** The query without its attribute phrases: the words left to match. */
  text: string;
  /** The attributes it asked for, in DIETARY_ATTRIBUTES order. */
  attributes: DietaryAttribute[];
  /** The phrases as found, in the order typed ("gluten free"): what a corrected query keeps. */
  said: string[];
}

export function attributeWords(query: string): QueryAttributes {
  let text = query.normalize('NFKD').toLowerCase();
  const found = new Set<DietaryAttribute>();
  const said: { at: number; words: string }[] = [];
  for (const { attribute, re } of PHRASES) {
    text = text.replace(re, (match: string, at: number) => {
      found.add(attribute);
      said.push({ at, words: match.split(/[^a-z0-9]+/).join(' ') });
      // Blanks of the same length keep the later phrases' positions in the order typed.
      return ' '.repeat(match.length);
    });
  }
  return {
    text: text.replace(/\s+/g, ' ').trim(),
    attributes: DIETARY_ATTRIBUTES.filter((a) => found.has(a)),
    said: said.sort((a, b) => a.at - b.at).map((s) => s.words),
  };
}
