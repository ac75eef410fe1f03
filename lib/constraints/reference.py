"""The reference evaluator the DSL must agree with: ChinaTravel's concept functions in Python and exec with
built-ins limited to set (preferences: set and list). Used by the differential tests and the benchmark.
stdin: {"plan", "pois", "cases": [{"code", "preference"?}], "bench"?: seconds}
stdout: {"results": [{"result", "value", "error"}], "bench"?: {...}}"""
import json, math, re, resource, signal, sys, time, warnings

warnings.simplefilter("ignore")  # SyntaxWarnings on purpose-made odd snippets

class Timeout(Exception):
    pass

def _alarm(signum, frame):
    raise Timeout()

# ChinaTravel's June 2026 concept functions (chinatravel/symbol_verification/concept_func.py), restated over a
# POI table instead of the sandbox's CSV files; see lib/constraints/upstream.ts for the version followed.
CITY_SCAN = ["上海", "北京", "深圳", "广州", "重庆", "成都", "杭州", "武汉", "南京", "苏州", "Shanghai", "Beijing", "Shenzhen", "Guangzhou", "Chongqing", "Chengdu", "Hangzhou", "Wuhan", "Nanjing", "Suzhou"]
ALIASES = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {"attraction": {}, "restaurant": {}, "accommodation": {}}
LITERAL_ALIASES = {a: c for m in ALIASES.values() for a, c in m.items()}
POSITION_EQ = re.compile(r"^(?P<prefix>\s*if\s+activity_position\(activity\)\s*==\s*)'(?P<value>.*)'(?P<suffix>\s*:\s*)$", re.MULTILINE)
POI_DISTANCE = re.compile(r"poi_distance\((?P<prefix>\s*target_city\(plan\)\s*,\s*)'(?P<value>[^\n]*)'(?P<suffix>\s*,\s*accommodation_position\s*\))")

def normalize_source(source):
    for alias, canonical in LITERAL_ALIASES.items():
        for q in ("'", '"'):
            source = source.replace(f"{q}{alias}{q}", f"{q}{canonical}{q}")
    source = POSITION_EQ.sub(lambda m: m.group("prefix") + json.dumps(m.group("value"), ensure_ascii=False) + m.group("suffix"), source)
    return POI_DISTANCE.sub(lambda m: "poi_distance(" + m.group("prefix") + json.dumps(m.group("value"), ensure_ascii=False) + m.group("suffix"), source)

def geodesic_km(a, b):
    try:
        from geographiclib.geodesic import Geodesic
    except ImportError:
        raise RuntimeError("apt-get install python3-geographiclib")
    return Geodesic.WGS84.Inverse(a["lat"], a["lon"], b["lat"], b["lon"])["s12"] / 1000

KIND = {"attraction": "attraction", "restaurant": "restaurant", "hotel": "accommodation", "accommodation": "accommodation"}

# ChinaTravel's ten cities, Chinese and English: its database is keyed by the city in either language.
CITY_KEY = dict(zip(["Beijing", "Shanghai", "Nanjing", "Suzhou", "Hangzhou", "Shenzhen", "Chengdu", "Wuhan", "Guangzhou", "Chongqing"],
                    ["北京", "上海", "南京", "苏州", "杭州", "深圳", "成都", "武汉", "广州", "重庆"]))

def city_key(city):
    return CITY_KEY.get(city, city) if isinstance(city, str) else city

def concepts(pois):
    index, cities = {}, set()
    for p in pois:
        index.setdefault((city_key(p["city"]), p["name"]), []).append(p)
        cities.add(city_key(p["city"]))
    def known(city):
        if city_key(city) not in cities: raise KeyError(city)
        return city
    def find(city, name, kind=None):
        for p in index.get((city_key(city), name), []):
            if kind is None or KIND.get(p["kind"]) == kind:
                return p
        return None
    def day_count(plan): return len(plan["itinerary"])
    def people_count(plan): return plan["people_number"]
    def start_city(plan): return plan["start_city"]
    def target_city(plan): return plan["target_city"]
    def allactivities(plan):
        activity_list = []
        for day_activity in plan["itinerary"]:
            for act in day_activity["activities"]:
                activity_list.append(act)
        return activity_list
    def allactivities_count(plan):
        count = 0
        for day_activity in plan["itinerary"]:
            count += len(day_activity["activities"])
        return count
    def dayactivities(plan, day):
        activity_list = []
        for act in plan["itinerary"][day - 1]["activities"]:
            activity_list.append(act)
        return activity_list
    def activity_cost(activity): return activity.get("cost", 0)
    def activity_position(activity): return activity.get("position", "")
    def activity_price(activity): return activity.get("price", 0)
    def activity_type(activity): return activity.get("type", "")
    def activity_tickets(activity): return activity.get("tickets", 0)
    def activity_transports(activity): return activity.get("transports", [])
    def activity_start_time(activity): return activity.get("start_time")
    def activity_end_time(activity): return activity.get("end_time")
    def activity_time(activity):
        start_time = activity.get("start_time")
        end_time = activity.get("end_time")
        if start_time and end_time:
            st_h, st_m = map(int, start_time.split(":"))
            ed_h, ed_m = map(int, end_time.split(":"))
            return (ed_m - st_m) + (ed_h - st_h) * 60
        return -1
    def poi_recommend_time(city, poi):
        p = find(known(city), poi, "attraction")
        if p is None: raise IndexError("single positional indexer is out-of-bounds")
        return float("nan") if p["recommendedMinutes"] is None else p["recommendedMinutes"]
    def poi_distance(city, poi1, poi2, start_time="00:00", transport_type="walk"):
        if transport_type not in ["walk", "metro", "taxi"]:
            return "only support transport_type in ['walk','metro','taxi']"[0]["distance"]
        known(city)
        a, b = find(city, poi1), find(city, poi2)
        if a is None or b is None or a["lat"] is None or b["lat"] is None or a["lon"] is None or b["lon"] is None: raise ValueError("No such point")
        if transport_type == "metro": raise NotImplementedError("metro")
        int(start_time.split(":")[0]), int(start_time.split(":")[1])
        d = geodesic_km(a, b)
        return round(d, 2) if transport_type == "taxi" else d
    def innercity_transport_cost(transports, node=None):
        cost = 0
        for transport in transports:
            if node is None or transport.get("type") == node:
                cost += transport.get("cost", 0)
        return cost
    def innercity_transport_price(transports):
        price = 0
        for transport in transports:
            price += transport["price"]
        return price
    def innercity_transport_distance(transports, mode=None):
        distance = 0
        for transport in transports:
            if mode is None or transport.get("type") == mode:
                distance += transport.get("distance", 0)
        return distance
    def innercity_transport_time(transports, mode=None):
        def calc_time_delta(end_time, start_time):
            hour1, minu1 = int(end_time.split(":")[0]), int(end_time.split(":")[1])
            hour2, minu2 = int(start_time.split(":")[0]), int(start_time.split(":")[1])
            return (hour1 - hour2) * 60 + (minu1 - minu2)
        time_cost = 0
        for transport in transports:
            time_cost += calc_time_delta(transport["end_time"], transport["start_time"])
        return time_cost
    def metro_tickets(transports): return transports[1]["tickets"]
    def taxi_cars(transports):
        if len(transports) > 0 and "cars" in transports[0]:
            return transports[0]["cars"]
        return "invalid input"
    def room_count(activity): return activity.get("rooms", 0)
    def room_type(activity): return activity.get("room_type", 0)
    def lookup(kind, not_found):
        def f(activity, target_city):
            known(target_city)
            p = find(target_city, activity["position"], kind)
            if p is None: return not_found
            if p["type"] is None: return float("nan")
            return ALIASES[kind].get(p["type"], p["type"])
        return f
    restaurant_type, attraction_type, accommodation_type = lookup("restaurant", "empty"), lookup("attraction", ""), lookup("accommodation", "")
    def innercity_transport_type(transports):
        if len(transports) == 3: return transports[1]["mode"]
        elif len(transports) == 1: return transports[0]["mode"]
        return "empty"
    def intercity_transport_type(activity): return activity.get("type", "empty")
    def innercity_transport_start_time(transports): return transports[0]["start_time"]
    def innercity_transport_end_time(transports): return transports[len(transports) - 1]["end_time"]
    def intercity_transport_origin(activity):
        if "start" in activity:
            for city in CITY_SCAN:
                if city in activity["start"]: return city
        return ""
    def intercity_transport_destination(activity):
        if "end" in activity:
            for city in CITY_SCAN:
                if city in activity["end"]: return city
        return ""
    return {k: v for k, v in locals().items() if callable(v) and k not in ("find", "lookup", "f", "known")}

def typed(v, depth=0):
    """A value with its Python type, comparable across the two implementations."""
    if depth > 50: return {"t": "deep"}
    if v is None: return None
    if isinstance(v, bool): return v
    if isinstance(v, int): return {"t": "int", "v": str(v)}
    if isinstance(v, float): return {"t": "float", "v": repr(v)}
    if isinstance(v, str): return v
    if isinstance(v, list): return {"t": "list", "v": [typed(x, depth + 1) for x in v]}
    if isinstance(v, tuple): return {"t": "tuple", "v": [typed(x, depth + 1) for x in v]}
    if isinstance(v, (set, frozenset)): return {"t": "set", "v": sorted((typed(x, depth + 1) for x in v), key=lambda x: json.dumps(x, sort_keys=True))}
    if isinstance(v, dict): return {"t": "dict", "v": [[typed(k, depth + 1), typed(x, depth + 1)] for k, x in v.items()]}
    return {"t": type(v).__name__}

def run(code, plan, fns, preference=None):
    # As evaluate_constraints_py: plan and the concept functions are exec's locals, only built-ins are global.
    local = dict(fns)
    local["plan"] = plan
    g = {"__builtins__": {"set": set, "list": list} if preference else {"set": set}}
    signal.setitimer(signal.ITIMER_REAL, 2.0)  # TripJudge's limits stop runaway snippets; here a timer does
    try:
        exec(normalize_source(code), g, local)
        name = preference or "result"
        if name not in local:
            return {"result": False, "value": None, "error": "NameError" if preference else None}
        v = local[name]
        return {"result": True if preference else bool(v), "value": typed(v), "error": None}
    except (RecursionError, Timeout):
        return {"result": False, "value": None, "error": "LimitExceeded"}
    except MemoryError:
        return {"result": False, "value": None, "error": "LimitExceeded"}
    except SyntaxError as e:
        return {"result": False, "value": None, "error": type(e).__name__ if type(e).__name__ != "IndentationError" and type(e).__name__ != "TabError" else "SyntaxError"}
    except Exception as e:
        return {"result": False, "value": None, "error": type(e).__name__}
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)

def main():
    signal.signal(signal.SIGALRM, _alarm)
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))  # a runaway snippet gets MemoryError, not the OOM killer
    req = json.load(sys.stdin)
    plan, fns = req["plan"], concepts(req.get("pois", []))
    out = {"results": [run(c["code"], plan, fns, c.get("preference")) for c in req["cases"]]}
    if req.get("bench"):
        seconds = req["bench"]
        codes = [c["code"] for c in req["cases"]]
        def loop(f):
            n, t0 = 0, time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                for c in codes: f(c)
                n += len(codes)
            return n / (time.perf_counter() - t0)
        base = dict(fns); base["plan"] = plan
        builtins = {"__builtins__": {"set": set}}
        def from_source(c):
            local = dict(base)
            try: exec(normalize_source(c), builtins, local); bool(local.get("result", False))
            except Exception: pass
        compiled = {c: compile(normalize_source(c), "<dsl>", "exec") for c in codes}
        def precompiled(c):
            local = dict(base)
            try: exec(compiled[c], builtins, local); bool(local.get("result", False))
            except Exception: pass
        out["bench"] = {"compile_each_time_per_s": loop(from_source), "precompiled_per_s": loop(precompiled)}
    print(json.dumps(out, ensure_ascii=False))

if __name__ == "__main__":
    main()
