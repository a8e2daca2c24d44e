// Dietary phrases in a query: taken out of the words to match, whatever the spelling, in the order typed.
import { attributeWords } from './attributeWords.ts';

it.each([
  ['gluten free bread', 'bread', ['gluten-free']],
  ['Gluten-Free Bread', 'bread', ['gluten-free']],
  ['glutenfree bread', 'bread', ['gluten-free']],
  ['organic milk', 'milk', ['organic']],
  ['non-dairy yogurt', 'yogurt', ['dairy-free']],
  ['nondairy yogurt', 'yogurt', ['dairy-free']],
  ['jam with no added sugar', 'jam with', ['sugar-free']],
  ['low sodium broth', 'broth', ['low-sodium']],
  ['kosher salt', 'salt', ['kosher']],
  ['vegan gluten free dairy free', '', ['gluten-free', 'vegan', 'dairy-free']],
])('%s → words "%s", attributes %j', (query, text, attributes) => {
  const found = attributeWords(query);
  expect(found.text).toBe(text);
  expect(found.attributes).toEqual(attributes);
});

it('leaves words that only contain an attribute word alone', () => {
  // "free" alone, "gluten" alone, "sugar", "salt" and "dairy" are items' or aisles' words, not attributes.
  for (const query of ['free range eggs', 'sugar', 'dairy eggs', 'salted peanuts', 'organicity', 'gluten']) {
    expect(attributeWords(query)).toEqual({ text: query, attributes: [], said: [] });
  }
});

it('says the phrases as typed, in order', () => {
  expect(attributeWords('Sugar-Free organic jam').said).toEqual(['sugar free', 'organic']);
});
