/**
 * The conformance corpus: snippets over the language and the concept functions, each checked against the
 * value CPython gives (fixtures/corpus-expected.json, written by `npm run dsl:corpus` from reference.py).
 */
export interface Case {
  code: string;
  preference?: string;
}

const r = (expr: string): Case => ({ code: `result = ${expr}` });

export const CORPUS: Case[] = [
  // arithmetic: int/float rules, floor division and modulo on negatives, powers, big ints
  ...["7 / 2", "4 / 2", "7 // 2", "-7 // 2", "7 // -2", "-7 % 3", "7 % -3", "-7.5 % 2", "7.5 // 2", "-7.5 // 2", "2 ** 10", "2 ** -1", "2 ** 100", "(-2) ** 3", "-2 ** 2",
    "10 ** 20 // 3", "0.1 + 0.2", "1e16", "1.5e-7", "3 * 1.0", "True + True", "5 - True", "1 / 0", "1 // 0", "1 % 0", "1.0 / 0", "1.5 // 0", "0.0 ** -1",
    "7 & 3", "7 | 8", "7 ^ 2", "1 << 10", "-8 >> 1", "~5", "+3", "-(-3)", "100000000000000000000 + 1", "2 ** 53 + 1", "9007199254740993 * 3", "-9007199254740993 // 2",
    "1.0 == 1", "{1.0} == {1}", "round", "abs(-1)"].map(r),
  // comparisons, chains, identity, membership
  ...["1 < 2 < 3", "3 > 2 > 2", "1 == 1.0 == True", "'a' < 'b'", "'10:00' < '9:00'", "'10:00' >= '09:30'", "[1, 2] < [1, 3]", "(1, 2) == (1, 2)", "[1] == (1,)", "None is None", "1 is not None",
    "1 < 'a'", "None < 1", "{1, 2} <= {1, 2, 3}", "{1, 2} < {1, 2}", "{1, 2, 3} >= {3}", "{'a'} <= {'a', 'b'}", "'ab' in 'xaby'", "1 in [1, 2]", "3 not in (1, 2)", "'k' in {'k': 1}",
    "1 in 'abc'", "2 in 5", "[] == []", "{} == {}", "{'a': 1} == {'a': 1.0}", "'中' in '中山陵'"].map(r),
  // truthiness and boolean operators returning operands
  ...["[] or 'x'", "0 and 1/0", "1 and 2", "None or 0 or ''", "not []", "not 'a'", "'' or []", "(1 if [] else 2)", "(1 if {0} else 2)", "0.0 or set()"].map(r),
  // strings
  ...["'a' + 'b'", "'ab' * 3", "3 * 'ab'", "'ab' * -1", "'a' + 1", "'a,b,,c'.split(',')", "' a  b '.split()", "'a b c'.split(' ', 1)", "'09:30'.split(':')", "'Hello'.lower()", "'Hello'.upper()",
    "'  x '.strip()", "'xxhixx'.strip('x')", "'abc'.startswith('ab')", "'abc'.endswith(('x', 'c'))", "'a-b'.replace('-', '+')", "'-'.join(['a', 'b'])", "'-'.join([1])", "'abcdef'[1:4]",
    "'abcdef'[::-1]", "'abc'[-1]", "'abc'[5]", "'中山陵'[1]", "'abc'.find('c')", "'a%sb%d' % ('x', 3)", "'%.2f' % 3.14159", "'12'.isdigit()", "'{} and {}'.format(1, 'b')", "'abc'.nope()", "\"it's\"", "'tab\\there'",
    "'''multi\nline'''", "'a' 'b'"].map(r),
  // lists, tuples, slices, unpacking
  ...["[1, 2] + [3]", "[0] * 3", "[1, 2, 3][::2]", "[1, 2, 3][-2:]", "[1, 2, 3][5:]", "[1, 2, 3][1:2:0]", "[1, 2][2]", "[1, 2]['a']", "(1,)", "()", "(1, 2) + (3,)", "[1, [2, 3]][1][0]", "[1, 2] + (3,)"].map(r),
  // sets and dicts
  ...["{1, 2} | {2, 3}", "{1, 2} & {2, 3}", "{1, 2} - {2}", "{1, 2} ^ {2, 3}", "set()", "set([1, 1, 2])", "set('aab')", "{[1]}", "{'a': 1}['a']", "{'a': 1}['b']", "{'a': 1}.get('b', 0)", "{'a': 1}.get('b')",
    "{(1, 2): 'x'}[(1, 2)]", "{1: 'a', 1.0: 'b'}", "{'a': 1, 'b': 2}.keys()", "list({'a': 1}.values())", "{'a': 1}.items()", "{1, 2}.union([3])", "{1, 2}.issubset({1, 2, 3})", "{'a': 1} | {'b': 2}"].map(r),
  // comprehensions
  ...["[x * 2 for x in [1, 2, 3]]", "[x for x in range(3)]", "{x % 3 for x in [1, 2, 3, 4]}", "{k: v for k, v in [('a', 1), ('b', 2)]}", "[(x, y) for x in [1, 2] for y in 'ab' if x > 1]",
    "[y for x in [[1, 2], [3]] for y in x]", "set(x for x in [1, 2, 2])"].map(r),
  // names Python does not know (built-ins are limited to set)
  ...["len([1, 2])", "sum([1])", "max(1, 2)", "list([1])", "print(1)", "int('3')", "str(1)", "sorted([2, 1])", "undefined_name"].map(r),
  // statements
  { code: "a, b = 1, 2\na, b = b, a\nresult = (a, b)" },
  { code: "(a, b), c = (1, 2), 3\nresult = a + b + c" },
  { code: "a, b = [1, 2, 3]\nresult = a" },
  { code: "a, b, c = 'xy'\nresult = a" },
  { code: "x = y = 5\nresult = x + y" },
  { code: "n = 0\nfor i in [1, 2, 3, 4, 5]:\n    if i == 2:\n        continue\n    if i == 4:\n        break\n    n += i\nresult = n" },
  { code: "n = 0\nwhile n < 10:\n    n += 3\nelse:\n    n = -n\nresult = n" },
  { code: "for x in []:\n    pass\nelse:\n    result = 'else'" },
  { code: "result = 0\nfor x in [1, 2]:\n\tresult += x" },
  { code: "s = set()\ns.add(1)\ns.add(1)\ns.discard(5)\nresult = s" },
  { code: "l = []\nl.append(1)\nl.extend([2, 3])\nl.insert(0, 0)\nl.pop()\nl.remove(1)\nresult = l" },
  { code: "l = [3, 1, 2]\nl.sort()\nm = l\nm += [9]\nresult = l" },
  { code: "d = {}\nd['a'] = 1\nd['a'] += 1\nd.setdefault('b', []).append(3)\nresult = d" },
  { code: "x = 1\nx += 1.5\nx *= 2\nx //= 2\nx **= 2\nx -= 1\nx %= 4\nresult = x" },
  { code: "if 0:\n    result = 'a'\nelif []:\n    result = 'b'\nelse:\n    result = 'c'" },
  { code: "if 1: result = 'one-line'" },
  { code: "result = (1 +\n          2 +\n          3)" },
  { code: "x = [1,\n     2,  # a comment\n\n     3]\nresult = x" },
  { code: "result = 1 + \\\n    2" },
  { code: "# only a comment\n\nresult = True  # trailing" },
  { code: "del_me = 1\ndel del_me\nresult = del_me" },
  { code: "d = {'a': 1}\ndel d['a']\nresult = d" },
  { code: "assert 1 == 2, 'no'\nresult = True" },
  { code: "import os\nresult = True" },
  { code: "return True" },
  { code: "break" },
  { code: "x = 1\n  y = 2\nresult = x" },
  { code: "if True:\nresult = 1" },
  { code: "result = (1, 2" },
  { code: "result = [1, 2)" },
  { code: "result = 1 +" },
  { code: "result = 'unterminated" },
  { code: "for x in [1]\n    result = x" },
  { code: "1 = x" },
  { code: "result = x == = 1" },
  { code: "result = 08" },
  { code: "x = 1" },
  { code: "result = None" },
  { code: "result = 0.0" },
  { code: "result = [0]" },
  { code: "l = [1]\nfor x in l:\n    if len(l) < 3: l.append(x)\nresult = l" },
  { code: "n = 0\nl = [1, 2]\nfor x in l:\n    if n < 3:\n        l.append(x)\n    n += 1\nresult = l" },
  { code: "x = [i for i in [1, 2]]\nresult = i" },
  { code: "s = {1}\nresult = [x for x in [1, 2] if x in s]" },
  { code: "set = 3\nresult = set" },
  { code: "plan = 1\nresult = plan" },
  // preferences: the number in the named variable (built-ins set and list)
  { code: "count = 0\nfor a in allactivities(plan):\n    if activity_type(a) == 'attraction': count = count + 1", preference: "count" },
  { code: "food = 0\ntotal = 0\nfor a in allactivities(plan):\n    total += activity_cost(a)\n    if activity_type(a) in ['breakfast', 'lunch', 'dinner']: food += activity_cost(a)\nratio = food / total", preference: "ratio" },
  { code: "names = list(set([activity_position(a) for a in allactivities(plan)]))\nn = 0\nfor x in names:\n    n += 1", preference: "n" },
  { code: "m = 0\nfor a in allactivities(plan):\n    m += innercity_transport_time(activity_transports(a))", preference: "m" },
  { code: "x = 1", preference: "missing" },
  // concept functions on the fixture plan
  ...["day_count(plan)", "people_count(plan)", "start_city(plan)", "target_city(plan)", "allactivities_count(plan)", "len", "dayactivities(plan, 2)[0]['position']", "dayactivities(plan, 9)",
    "activity_cost(allactivities(plan)[0])", "activity_price(allactivities(plan)[0])", "activity_time(allactivities(plan)[1])", "activity_time({'start_time': '10:00'})", "activity_time({'start_time': '1000', 'end_time': '11:00'})",
    "activity_tickets(allactivities(plan)[1])", "activity_start_time(allactivities(plan)[0])", "activity_end_time({})", "activity_position(allactivities(plan)[0])", "activity_type(1)",
    "innercity_transport_cost(activity_transports(allactivities(plan)[1]))", "innercity_transport_cost(activity_transports(allactivities(plan)[1]), 'metro')", "innercity_transport_price(activity_transports(allactivities(plan)[2]))",
    "innercity_transport_distance(activity_transports(allactivities(plan)[1]))", "innercity_transport_time(activity_transports(allactivities(plan)[1]))", "innercity_transport_type(activity_transports(allactivities(plan)[1]))",
    "innercity_transport_type(activity_transports(allactivities(plan)[2]))", "innercity_transport_type([])", "innercity_transport_start_time(activity_transports(allactivities(plan)[1]))",
    "innercity_transport_end_time(activity_transports(allactivities(plan)[1]))", "metro_tickets(activity_transports(allactivities(plan)[1]))", "taxi_cars(activity_transports(allactivities(plan)[2]))",
    "taxi_cars(activity_transports(allactivities(plan)[1]))", "room_count(allactivities(plan)[5])", "room_type(allactivities(plan)[5])", "room_count({})",
    "restaurant_type(allactivities(plan)[2], target_city(plan))", "restaurant_type(allactivities(plan)[1], target_city(plan))", "attraction_type(allactivities(plan)[1], '南京')", "accommodation_type(allactivities(plan)[5], '南京')",
    "intercity_transport_type(allactivities(plan)[0])", "intercity_transport_origin(allactivities(plan)[0])", "intercity_transport_destination(allactivities(plan)[0])", "intercity_transport_origin(allactivities(plan)[1])",
    "poi_recommend_time('南京', '中山陵')", "poi_recommend_time('南京', '不存在')", "round(poi_distance('南京', '中山陵', '夫子庙'), 3)", "poi_distance('南京', '中山陵', '夫子庙') > 5", "poi_distance('南京', '中山陵', '火星')",
    "day_count()", "day_count(plan, 1)", "allactivities(plan)[0].get('TrainID')", "plan['itinerary'][0]['day']", "plan['nope']"].map(r),
];
