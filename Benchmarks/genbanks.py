#!/usr/bin/env python3
"""genbanks.py - a deterministic directory of synthetic bank names for benchmarks.

    python3 Benchmarks/genbanks.py N [--seed S] [--out FILE] [--format text|jsonl]

Writes N unique names (default format: plain text, one name per line, the format
`linkterm --institutions FILE` reads, as fzf and fzy do). The same N and seed always
give the same file, byte for byte, on any Python 3. The names are invented from word
lists (towns, rivers, landmarks, lead words, kinds of institution); a match with a real
institution is a coincidence. About one name in forty carries accented letters, and
several hundred contain the words "first" and "plat..." (Platte, Plateau, Platinum,
Plattsburgh...), so a query such as `first plat` has realistic competition.

--format jsonl writes {"institution_id": "ins_bench_<n>", "name": ...} objects instead.
"""
from __future__ import annotations

import argparse
import json
import random
import sys

TOWNS = """
Abbeville Ackerly Adair Agate Alder Alma Altoona Amherst Anson Antioch Appleton Ardmore
Ashby Ashford Athens Avalon Baker Bandera Bangor Baraboo Barstow Bastrop Batavia Baxter
Beaumont Belmont Beloit Bennington Benton Berea Bethel Billings Blair Bloomfield Bonham
Bowling Bradford Brainerd Branson Brewster Bridgeport Brighton Bristow Brockton Brookings
Brunswick Bryant Burnet Butte Cabot Calais Calhoun Canton Carbondale Carlisle Carmel
Carson Carthage Casper Castine Cedarburg Chadron Chandler Chatham Chester Chico Clayton
Clinton Clovis Coldwater Colfax Colton Conway Corbin Cortez Corvallis Crandall Creston
Crockett Cuero Dalton Danbury Danville Dayton Decatur Deming Denton Dixon Dorset Dublin
Duluth Durango Easton Eden Elgin Elkhart Ellsworth Elmira Ely Emporia Enid Eureka Fargo
Farmington Fayette Findlay Florence Fremont Fulton Gadsden Galena Garland Geneva Gilbert
Glendale Goshen Grafton Granby Greeley Gresham Halifax Hamden Hannibal Harlan Hastings
Havre Hays Helena Henderson Hermitage Hickory Hillsboro Hobart Holbrook Hope Houghton
Hudson Huntley Irving Ithaca Jasper Jericho Joplin Kearney Keene Kenmore Kent Kilgore
Kingman Kinston Kirkwood Lamar Laramie Lebanon Lenoir Lewiston Lexington Linden Livingston
Lockhart Logan Lowell Lufkin Macon Madison Malvern Manchester Mankato Marietta Marshall
Mason Medford Mendota Milford Minden Moab Moline Monticello Morgan Moscow Muncie Nampa
Napa Natchez Nevada Newberry Norfolk Norwich Oberlin Ogden Olathe Orange Orleans Oswego
Ottawa Owosso Paris Parsons Pella Perry Peru Phoenixville Pierre Plainview Plattsburgh
Platteville Pomona Portage Prescott Pueblo Putnam Quitman Racine Ravenna Reading Reno
Richmond Rockport Rolla Roswell Rutland Salina Sanford Sedalia Selma Seneca Sharon Shelby
Sidney Smyrna Sparta Stafford Sterling Stratford Sumner Sutton Taos Taylor Temple Thayer
Tipton Topeka Torrington Trenton Troy Tupelo Tyler Upton Urbana Utica Vail Vernon
Vicksburg Vinton Waco Walden Warsaw Waverly Wayne Weston Wharton Wheaton Whitman Wichita
Wilmington Winona Woodstock Worthington Yankton York Yuma Zanesville
""".split()

FEATURES = """
Creek River Valley Ridge Prairie Plateau Hills Lakes Harbor Bay Springs Falls Mesa Bluff
Hollow Meadows Pines Oaks Grove Point Canyon Forks Crossing Junction Landing Heights Park
""".split()

REGIONS = ["Platte", "Platinum", "Plateau", "Pacific", "Atlantic", "Northern", "Southern",
           "Eastern", "Western", "Central", "Midwest", "Heartland", "Coastal", "Mountain", "Gulf",
           "Great Lakes", "Tri-State", "Bay Area", "Piedmont", "Ozark", "Appalachian", "Cascade",
           "Sierra", "Delta", "Frontier", "Keystone", "Bluegrass", "Sunbelt", "Prairie"]

LEADS = ["First", "First", "First", "Second", "Third", "Citizens", "Peoples", "Farmers",
         "Merchants", "Mechanics", "Home", "Hometown", "Security", "Guardian", "Liberty",
         "Union", "Patriot", "Founders", "Pioneer", "Heritage", "Legacy", "Landmark",
         "Cornerstone", "Bedrock", "Summit", "Horizon", "Beacon", "Compass", "Anchor",
         "Lighthouse", "Evergreen", "Golden", "Silver", "Sterling", "Platinum"]

KINDS = ["Bank", "Bank", "Bank", "National Bank", "State Bank", "Savings Bank",
         "Savings", "Bank & Trust", "Trust Company", "Credit Union", "Federal Credit Union",
         "Community Bank", "Community Credit Union", "Savings & Loan", "Bancshares",
         "Financial", "Federal Savings", "Cooperative Bank", "Mutual", "Thrift"]

GUILDS = ["Teachers", "Educators", "Firefighters", "Police", "Postal", "Nurses",
          "Railroad", "Telephone", "Farm Bureau", "Electrical Workers", "Steelworkers",
          "Municipal", "County Employees", "State Employees", "University", "Hospital",
          "Veterans", "Aerospace", "Refinery", "Shipyard"]

SURNAMES = ["Abbott", "Barlow", "Calloway", "Dunmore", "Eckhart", "Fairbanks", "Garrity",
            "Holloway", "Ingram", "Jessup", "Kessler", "Lindqvist", "Mercer", "Norcross",
            "Okafor", "Pembroke", "Quimby", "Rutherford", "Stanhope", "Thorne", "Underwood",
            "Vasquez", "Whitcomb", "Yoder", "Zeller"]

# accented names: the search must fold case and accents
FOREIGN = [("Caisse Populaire", ["Lévis", "Trois-Rivières", "Sainte-Thérèse", "Québec",
                                 "Rimouski", "Sept-Îles", "Chicoutimi", "Beauport"]),
           ("Banco", ["Peñasco", "Cañon City", "Española", "San José", "Mayagüez",
                      "Ponce", "Bayamón", "Arecibo"]),
           ("Caja Rural de", ["Almería", "Córdoba", "Cádiz", "León", "Jaén", "Ávila"]),
           ("Sparkasse", ["Köln", "Düsseldorf", "Lübeck", "Mönchengladbach", "Würzburg"])]

QUALIFIERS = ["", "", "", "", "", "", " N.A.", " FSB", " of Commerce", " - Business Banking",
              " - Private Client", " - Wealth Management", " (Online)"]


def make_name(rng: random.Random) -> str:
    shape = rng.random()
    if shape < 0.025:
        head, places = rng.choice(FOREIGN)
        return f"{head} {rng.choice(places)}" + rng.choice(["", "", " - Succursale", " Norte", " Sur", " Centro"])
    if shape < 0.30:
        name = f"{rng.choice(LEADS)} {rng.choice(TOWNS)} {rng.choice(KINDS)}"
    elif shape < 0.50:
        name = f"{rng.choice(LEADS)} {rng.choice(KINDS)} of {rng.choice(TOWNS)}"
    elif shape < 0.62:
        name = f"{rng.choice(LEADS)} {rng.choice(REGIONS)} {rng.choice(KINDS)}"
    elif shape < 0.77:
        name = f"{rng.choice(TOWNS)} {rng.choice(FEATURES)} {rng.choice(KINDS)}"
    elif shape < 0.87:
        name = f"{rng.choice(TOWNS)} {rng.choice(GUILDS)} {rng.choice(['Credit Union', 'Federal Credit Union'])}"
    elif shape < 0.93:
        name = f"{rng.choice(SURNAMES)} {rng.choice(['& Sons', 'Family', 'Brothers', '& Co.'])} {rng.choice(KINDS)}"
    else:
        name = f"{rng.choice(REGIONS)} {rng.choice(TOWNS)} {rng.choice(KINDS)}"
    return name + rng.choice(QUALIFIERS)


def generate(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    seen: set[str] = set()
    names: list[str] = []
    while len(names) < count:
        name = make_name(rng)
        tries = 0
        while name in seen and tries < 8:
            name = make_name(rng)
            tries += 1
        if name in seen:
            # like a real directory, tell homonyms apart by a branch number
            base, branch = name, 2
            while name in seen:
                name = f"{base} - Branch {branch}"
                branch += 1
        seen.add(name)
        names.append(name)
    return names


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("count", type=int, help="how many names")
    ap.add_argument("--seed", type=int, default=42, help="the seed (default 42)")
    ap.add_argument("--out", help="write here instead of standard output")
    ap.add_argument("--format", choices=["text", "jsonl"], default="text")
    a = ap.parse_args(argv)
    if a.count < 1:
        ap.error("count must be 1 or more")
    names = generate(a.count, a.seed)
    if a.format == "text":
        data = "".join(n + "\n" for n in names)
    else:
        data = "".join(json.dumps({"institution_id": f"ins_bench_{i + 1}", "name": n}, ensure_ascii=False) + "\n"
                       for i, n in enumerate(names))
    if a.out:
        with open(a.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(data)
    else:
        sys.stdout.buffer.write(data.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
