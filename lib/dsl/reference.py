"""The reference evaluator the DSL must agree with: ChinaTravel's concept functions in Python and exec with
built-ins limited to set (preferences: set and list). Used by the differential tests and the benchmark.
stdin: {"plan", "pois", "cases": [{"code", "preference"?}], "bench"?: seconds}
stdout: {"results": [{"result", "value", "error"}], "bench"?: {...}}"""
import json, math, resource, signal, sys, time, warnings

warnings.simplefilter("ignore")  # SyntaxWarnings on purpose-made odd snippets

class Timeout(Exception):
    pass

def _alarm(signum, frame):
    raise Timeout()

CITIES = ["上海", "北京", "深圳", "广州", "重庆", "苏州", "成都", "杭州", "武汉", "南京"]

def concepts(pois):
    index = {}
    for p in pois:
        index.setdefault((p["city"], p["name"]), []).append(p)
    def find(city, name, kind=None):
        for p in index.get((city, name), []):
            if kind is None or p["kind"] == kind:
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
        p = find(city, poi, "attraction")
        if p is None: raise IndexError("single positional indexer is out-of-bounds")
        return p["recommendedMinutes"] * 60 // 60 if p["recommendedMinutes"] is not None else None * 60
    def poi_distance(city, poi1, poi2):
        a, b = find(city, poi1), find(city, poi2)
        if a is None or b is None or a["lat"] is None or b["lat"] is None: raise IndexError("list index out of range")
        r = math.pi / 180
        dlat, dlon = (b["lat"] - a["lat"]) * r, (b["lon"] - a["lon"]) * r
        h = math.sin(dlat / 2) ** 2 + math.cos(a["lat"] * r) * math.cos(b["lat"] * r) * math.sin(dlon / 2) ** 2
        return 2 * 6371.0088 * math.asin(math.sqrt(h))
    def innercity_transport_cost(transports, mode=None):
        cost = 0
        for transport in transports:
            if mode is None or transport.get("type") == mode:
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
    def innercity_transport_time(transports):
        def calc_time_delta(end_time, start_time):
            hour1, min1 = int(end_time.split(":")[0]), int(end_time.split(":")[1])
            hour2, min2 = int(start_time.split(":")[0]), int(start_time.split(":")[1])
            return (hour1 - hour2) * 60 + (min1 - min2)
        if len(transports) == 0: return 0
        return calc_time_delta(transports[-1]["end_time"], transports[0]["start_time"])
    def metro_tickets(transports): return transports[1]["tickets"]
    def taxi_cars(transports): return transports[0]["cars"]
    def room_count(activity): return activity.get("rooms", 0)
    def room_type(activity): return activity.get("room_type", 0)
    def lookup(kind):
        def f(activity, target_city):
            p = find(target_city, activity["position"], kind)
            return p["type"] if p is not None and p["type"] is not None else ""
        return f
    restaurant_type, attraction_type, accommodation_type = lookup("restaurant"), lookup("attraction"), lookup("hotel")
    def innercity_transport_type(transports):
        if len(transports) == 3: return transports[1]["mode"]
        elif len(transports) == 1: return transports[0]["mode"]
        return ""
    def intercity_transport_type(activity): return activity.get("type", "")
    def innercity_transport_start_time(transports): return transports[0]["start_time"]
    def innercity_transport_end_time(transports): return transports[-1]["end_time"]
    def intercity_transport_origin(activity):
        if "start" in activity:
            for city in CITIES:
                if city in activity["start"]: return city
        return ""
    def intercity_transport_destination(activity):
        if "end" in activity:
            for city in CITIES:
                if city in activity["end"]: return city
        return ""
    return {k: v for k, v in locals().items() if callable(v) and k not in ("find", "lookup", "f")}

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
    g = dict(fns)
    g["plan"] = plan
    g["__builtins__"] = {"set": set, "list": list} if preference else {"set": set}
    signal.setitimer(signal.ITIMER_REAL, 2.0)  # TripJudge's limits stop runaway snippets; here a timer does
    try:
        exec(code, g)
        name = preference or "result"
        if name not in g: return {"result": False, "value": None, "error": "NameError"}
        v = g[name]
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
        base = dict(fns); base["plan"] = plan; base["__builtins__"] = {"set": set}
        def from_source(c):
            g = dict(base)
            try: exec(c, g); bool(g.get("result"))
            except Exception: pass
        compiled = {c: compile(c, "<dsl>", "exec") for c in codes}
        def precompiled(c):
            g = dict(base)
            try: exec(compiled[c], g); bool(g.get("result"))
            except Exception: pass
        out["bench"] = {"compile_each_time_per_s": loop(from_source), "precompiled_per_s": loop(precompiled)}
    print(json.dumps(out, ensure_ascii=False))

if __name__ == "__main__":
    main()
