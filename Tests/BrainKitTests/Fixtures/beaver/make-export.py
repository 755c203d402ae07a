"""Makes export.json with Beaver Habits' own code: its DictHabitList and DictHabit (storage/dict.py)
hold the habits and their ticks, and views.export_user_habit_list writes the export, as the
Export JSON button of its settings page does. Run from a checkout of github.com/daya0576/beaverhabits
with its locked dependencies installed (README.md here says which):

    python make-export.py /path/to/beaverhabits > export.json
"""
import asyncio
import datetime
import sys

sys.path.insert(0, sys.argv[1])

from beaverhabits import views  # noqa: E402
from beaverhabits.storage.dict import DictHabitList  # noqa: E402
from beaverhabits.storage.storage import HabitFrequency, HabitStatus  # noqa: E402

captured = {}
# The export hands its bytes to the browser as a download; keep them instead.
views.ui.download = lambda data, name: captured.update(data=data, name=name)


class FixedNow(datetime.datetime):
    @classmethod
    def now(cls, tz=None):
        return cls(2026, 11, 21, 20, 30, 0)


views.datetime.datetime = FixedNow


async def main():
    habits = DictHabitList({"habits": []})
    day = lambda n: datetime.date(2026, 11, n)

    walk = await habits.get_habit_by(await habits.add("Walk", tags=["health"]))
    for n in [1, 2, 3, 5, 6, 7, 8, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]:
        await walk.tick(day(n), True)
    await walk.tick(day(10), True, "rain, short one")
    await walk.tick(day(10), False)  # ticked, then unticked: the record stays, not done
    await walk.tick(day(11), False, "sick")

    read = await habits.get_habit_by(await habits.add("Read"))
    read.period = HabitFrequency(period_type="W", period_count=1, target_count=3)
    for n in [2, 4, 6, 9, 10, 13, 16, 18, 20]:
        await read.tick(day(n), True)

    plants = await habits.get_habit_by(await habits.add("Water plants", tags=["home"]))
    plants.period = HabitFrequency(period_type="D", period_count=3, target_count=1)
    for n in [1, 4, 7, 10, 14, 17, 20]:
        await plants.tick(day(n), True)

    old = await habits.get_habit_by(await habits.add("Old habit"))
    await old.tick(day(1), True)
    old.status = HabitStatus.ARCHIVED  # the export keeps active habits only

    assert await views.export_user_habit_list(habits, "someone@example.com")
    sys.stdout.write(captured["data"].decode())


asyncio.run(main())
