// Writes js_regexp.json: JavaScript's own answers for the regexp groups of URLPattern
// tests/match/test_pattern.py checks urikit's Python translation against. Run with
// Node.js 20 or later (its RegExp has the "v" flag, as the URLPattern standard asks):
//
//     node tests/data/regexp/make_js_regexp.js > tests/data/regexp/js_regexp.json
//
// Each case is a regexp group's source, as a pattern writes it inside "(...)", and
// whether the pattern ignores case. The expression is the standard's for the pattern
// "(<source>)" with the default options: "^(<source>)$" with the flags "v" or "vi".
// For each input, the answer is the text of group 1, or null for no match; "error"
// holds JavaScript's SyntaxError message when RegExp refuses the expression.
"use strict";

const cases = [
  // digits, words, spaces: ASCII \d and \w; JavaScript's list of white space
  ["\\d+", false, ["123", "\u0661\u0662", "12a", "\uff11"]],
  ["\\D", false, ["a", "1", "\u0661"]],
  ["\\w+", false, ["abc_1", "\u00e9", "\u017f", "\u212a", "a-b"]],
  ["\\W", false, ["-", "a", "\u00e9", "\u017f"]],
  ["\\s", false, [" ", "\t", "\u00a0", "\ufeff", "\u1680", "\u2028", "\u001c", "\u0085", "\u200b", "a"]],
  ["\\S", false, ["a", " ", "\u0085", "\ufeff", "\u001c"]],
  ["[\\s\\d]+", false, ["1 2", "\u00a01", "\u0085"]],
  ["[^\\s]", false, ["a", " ", "\ufeff", "\u0085"]],
  // the dot: no line terminator (no "s" flag); whole code points (the "v" flag)
  [".", false, ["a", "\n", "\r", "\u2028", "\u2029", "\u0085", "\u00e9", "\ud83c\udf45"]],
  [".*", false, ["abc", "a\nb", ""]],
  // anchors inside a group: $ is the end of the input only
  ["a$", false, ["a", "a\n"]],
  ["^a", false, ["a"]],
  ["a\\b", false, ["a"]],
  ["\\bx+", false, ["xx"]],
  ["a\\B.", false, ["ab", "a-", "a\u017f"]],
  ["a\\b.", false, ["a-", "ab", "a\u017f"]],
  // escapes
  ["\\x41\\u0042\\u{43}", false, ["ABC", "abc"]],
  ["\\u{1F345}", false, ["\ud83c\udf45", "x"]],
  ["\\cJ", false, ["\n", "J"]],
  ["\\0", false, ["\u0000", "0"]],
  ["[\\b]", false, ["\b", "b"]],
  ["\\t\\n\\v\\f\\r", false, ["\t\n\u000b\f\r"]],
  ["\\/\\.\\*\\+\\?\\^\\$\\{\\}\\[\\]\\|\\\\", false, ["/.*+?^${}[]|\\"]],
  ["[\\-\\&\\!\\#]+", false, ["-&!#", "a"]],
  // classes and ranges
  ["[a-z]+", false, ["abc", "ABC", "\u017f"]],
  ["[^a-z]", false, ["A", "a", "\u00e9"]],
  ["[]", false, ["a", ""]],
  ["[^]", false, ["a", "\n", "\ud83c\udf45"]],
  ["[a\\-z]", false, ["-", "b"]],
  ["[\\u{1F345}-\\u{1F347}]", false, ["\ud83c\udf46", "a"]],
  // alternation, groups, quantifiers, lookaround
  ["a|bc|", false, ["a", "bc", "", "b"]],
  ["(?:ab)+", false, ["abab", "aba"]],
  ["a{2}", false, ["aa", "a"]],
  ["a{2,}", false, ["aaaa", "a"]],
  ["a{1,3}", false, ["aaa", "aaaa"]],
  ["a+?b", false, ["aab"]],
  ["a*?", false, ["aaa"]],
  ["(?=a)\\w", false, ["a", "b"]],
  ["(?!a)\\w", false, ["a", "b"]],
  ["a(?<=a)b", false, ["ab"]],
  ["(?<!a)b", false, ["b"]],
  ["(?<x>a)b", false, ["ab"]],
  // ignore case: simple case folding, not Python's lower()
  ["k", true, ["k", "K", "\u212a"]],
  ["s", true, ["s", "S", "\u017f"]],
  ["i", true, ["i", "I", "\u0131", "\u0130"]],
  ["[a-z]+", true, ["ABC", "\u017f\u212a", "\u0131", "\u0130"]],
  ["[^a]", true, ["A", "a", "b"]],
  ["[^s]", true, ["\u017f", "x"]],
  ["\\w", true, ["\u017f", "\u212a", "\u00e9"]],
  ["\\W", true, ["\u017f", "\u212a", "-"]],
  ["[\\w\\-]+", true, ["\u017f-\u212a"]],
  ["a\\B.", true, ["a\u017f", "a-"]],
  ["a\\b.", true, ["a\u017f", "a-"]],
  ["\\d", true, ["1", "\u0661"]],
  ["\\s", true, ["\u00a0"]],
  ["[0-9]", true, ["5"]],
  ["ab|CD", true, ["AB", "cd"]],
];

// refused by urikit: JavaScript's own answer, for the docs (accepted, or its error)
const refused = [
  ["a\\1", false], ["\\k<x>(?<x>a)", false], ["\\p{L}", false], ["\\P{L}", false],
  ["[[a-z]--a]", false], ["[\\d&&[0-1]]", false], ["[\\q{abc}]", false],
  ["[\\S]", false], ["[\\W]", true], ["\u00e9", true], ["\\u00e9", true],
  ["[\\u00e0-\\u00ff]", true], ["(?:a+)+", false], ["(?:a|aa)*", false],
  ["(?:a?)*", false], ["(?:a+){2}", false], ["a{", false], ["a}", false], ["]", false],
  ["\\-", false], ["\\a", false], ["a**", false], ["[/]", false], ["[a-]", false],
  ["a{3,2}", false], ["(?=a)*", false], ["\\ud83c", false],
  ["(?<=a+)b", false], ["(?i:a)", false], ["[a&&b]", false], ["[(]", false],
];

function answer(source, ignoreCase, input) {
  const regexp = new RegExp("^(" + source + ")$", ignoreCase ? "vi" : "v");
  const match = regexp.exec(input);
  return match === null ? null : match[1];
}

const out = { node: process.version, unicode: process.versions.unicode, cases: [], refused: [] };
for (const [source, ignoreCase, inputs] of cases) {
  out.cases.push({ source, ignoreCase, answers: inputs.map((input) => [input, answer(source, ignoreCase, input)]) });
}
for (const [source, ignoreCase] of refused) {
  let error = null;
  try { new RegExp("^(" + source + ")$", ignoreCase ? "vi" : "v"); } catch (e) { error = String(e.message); }
  out.refused.push({ source, ignoreCase, jsError: error });
}
process.stdout.write(JSON.stringify(out, null, 1) + "\n");
