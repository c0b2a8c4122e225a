"""Russian names for what the shipped maps name (figures, pieces, spaces, labels, sides, titles).

``tools/make_maps.py`` writes them as ``name_ru`` / ``text_ru`` / ``title_ru`` /
``side_<side>_ru`` custom properties beside the English, so a Russian screen shows no English.
A name ending in a number ("Guard 2") is looked up without it and gets the number back.
"""

from __future__ import annotations

import re

TITLES = {
    "The Sleeping Lion": "Спящий лев",
    "The Ruined Chapel": "Разрушенная часовня",
    "Chapter 1: Down the Drain": "Глава 1: Вниз по водостоку",
    "The Relic Ring": "Кольцо Реликвии",
}

SIDES = {
    "musketeers": "Мушкетёры",
    "cardinal": "Гвардия кардинала",
    "inferno": "Инферно",
    "conquistadors": "Конкистадоры",
    "mice": "Мыши",
    "minions": "Прислужники",
    "player1": "Игрок 1",
    "player2": "Игрок 2",
    "player3": "Игрок 3",
    "player4": "Игрок 4",
}

NAMES = {
    # tavern
    "Athos": "Атос", "Aramis": "Арамис", "Porthos": "Портос", "d'Artagnan": "д'Артаньян",
    "Rochefort": "Рошфор", "Guard": "Гвардеец",
    "Tavern courtyard": "Двор таверны", "The Sleeping Lion": "Спящий лев",
    "ale barrel": "бочка эля", "askew table": "покосившийся стол", "balcony": "балкон",
    "balcony railing": "перила балкона", "banister": "перила лестницы", "bar counter": "стойка",
    "barrel": "бочка", "bench": "скамья", "chandelier": "люстра", "courtyard table": "стол во дворе",
    "courtyard wall east": "восточная стена двора", "courtyard wall west": "западная стена двора",
    "crate": "ящик", "hay cart": "телега с сеном", "hearth": "очаг", "long table": "длинный стол",
    "mug": "кружка", "plate": "тарелка", "round table": "круглый стол", "rug": "ковёр",
    "stairs step": "ступень лестницы", "tavern walls": "стены таверны", "trough": "корыто",
    "well": "колодец",
    # ruins
    "Arquebusier": "Аркебузир", "Capitán Ortega": "Капитан Ортега", "Damned": "Проклятый",
    "Friar Tomás": "Брат Томас", "Hellhound": "Адская гончая", "Imp": "Бесёнок", "Malakh": "Малах",
    "Pikeman": "Пикинёр", "Old watchtower": "Старая сторожевая башня",
    "Ruined chapel": "Разрушенная часовня", "altar": "алтарь", "broken keep": "разрушенный донжон",
    "broken wall east": "восточный обломок стены", "broken wall south-west": "юго-западный обломок стены",
    "chapel east wall": "восточная стена часовни", "chapel north wall": "северная стена часовни",
    "chapel north-east corner": "северо-восточный угол часовни",
    "chapel south-east wall": "юго-восточная стена часовни",
    "chapel south-west corner": "юго-западный угол часовни", "chapel west wall": "западная стена часовни",
    "column stump": "обломок колонны", "crater": "воронка", "dead tree": "мёртвое дерево",
    "fallen column": "упавшая колонна", "fallen masonry": "обвалившаяся кладка", "gravestone": "надгробие",
    "hedge": "живая изгородь", "hexagonal tower": "шестигранная башня", "house wall north": "северная стена дома",
    "low field wall": "низкая полевая ограда", "old watchtower": "старая сторожевая башня",
    "rubble field": "поле обломков", "rubble pile": "груда обломков", "sarcophagus": "саркофаг",
    "toppled wall": "рухнувшая стена", "tree": "дерево", "wrecked cart": "разбитая телега",
    # mice chapter
    "Tilly": "Тилли", "Bram": "Брэм", "Pip": "Пип", "Hazel": "Хейзел", "Rat": "Крыса",
    "Roach": "Таракан", "Kitchen": "Кухня", "Cellar": "Погреб", "Barrel Row": "Ряд бочек",
    "Coal Heap": "Куча угля", "Cobweb Nook": "Угол с паутиной", "Cracked Flag": "Треснувшая плита",
    "Crumb Trail": "Дорожка крошек", "Cupboard Foot": "Ножка буфета", "Drain Grate": "Решётка стока",
    "Flour Sacks": "Мешки с мукой", "Hearthstone": "Камень очага", "Mop Bucket": "Ведро со шваброй",
    "Mousetrap": "Мышеловка", "Old Boots": "Старые сапоги", "Pantry Door": "Дверь кладовой",
    "Puddle": "Лужа", "Rat Hole": "Крысиная нора", "Root Store": "Овощной ларь",
    "Spice Rack": "Полка специй", "Stair Foot": "Подножие лестницы", "Table Leg": "Ножка стола",
    "Wine Rack": "Винная полка", "exit to cellar": "выход в погреб", "exit to kitchen": "выход на кухню",
    # relic
    "Player": "Игрок", "Relic Chamber": "Зал Реликвии",
    "Crossings: Sky Bridge, Warp Rift, Last Gate":
        "Переходы: Небесный мост, Варп-разлом, Последние врата",
    "Agri World": "Аграрный мир", "Ash Wastes": "Пепельные пустоши", "Bone Desert": "Костяная пустыня",
    "Broken Bridge": "Сломанный мост", "Crystal Fields": "Хрустальные поля", "Dead City": "Мёртвый город",
    "Dust Plains": "Пыльные равнины", "Ember Sea": "Море углей", "Fallen Titan": "Павший титан",
    "Forge World": "Мир-кузница", "Frontier Fort": "Пограничный форт", "Gas Giant": "Газовый гигант",
    "Hall of Echoes": "Зал отголосков", "Hive Spire": "Шпиль улья", "Howling Caves": "Воющие пещеры",
    "Ice Moon": "Ледяная луна", "Iron Labyrinth": "Железный лабиринт", "Jungle World": "Мир джунглей",
    "Last Gate": "Последние врата", "Lightning Plateau": "Плато молний",
    "Mining Colony": "Шахтёрская колония", "Mirror Lake": "Зеркальное озеро",
    "Obsidian Gate": "Обсидиановые врата", "Ocean World": "Мир-океан", "Orbital Dock": "Орбитальный док",
    "Penal Colony": "Каторжная колония", "Plague World": "Чумной мир",
    "Research Outpost": "Исследовательская станция", "Ruined Cathedral": "Разрушенный собор",
    "Scrapyard": "Свалка", "Shrine World": "Мир-святилище", "Signal Beacon": "Сигнальный маяк",
    "Silent Monastery": "Безмолвный монастырь", "Sky Bridge": "Небесный мост", "Star Chart": "Звёздная карта",
    "Starport": "Космопорт", "Sunken Vault": "Затонувшее хранилище", "The Relic Ring": "Кольцо Реликвии",
    "Threshold": "Порог", "Trading Post": "Фактория", "Trial of Cunning": "Испытание хитрости",
    "Trial of Strength": "Испытание силы", "Trial of Will": "Испытание воли", "Void Station": "Станция Пустоты",
    "Warp Rift": "Варп-разлом", "Warp Storm": "Варп-шторм", "Weeping Spire": "Плачущий шпиль",
}

_NUMBERED = re.compile(r"^(.*?) (\d+)$")


def russian(name: str) -> str | None:
    """The Russian of a name the maps use, or None (markers like walls between cells keep none)."""
    if name in NAMES:
        return NAMES[name]
    m = _NUMBERED.match(name)
    if m and m.group(1) in NAMES:
        return f"{NAMES[m.group(1)]} {m.group(2)}"
    return None
