#!/usr/bin/env python3
"""Writes an Apple Health export.xml of about SIZE megabytes, shaped like a real one from a phone
and a watch: per day about 1,800 records (active and basal energy every minute or so from the
watch, heart rate every 5 minutes with a MetadataEntry child, steps and distance from both
devices, a night of sleep stages, now and then a workout with statistics children), the DTD of
HealthKit Export Version 3 at the top. Deterministic (fixed seed).

Usage: bench/health-export.py SIZE_MB OUT.xml"""
import random, sys, datetime

size = int(sys.argv[1]) * 1_000_000
out = open(sys.argv[2], "w", encoding="utf-8")
random.seed(7)
out.write("""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 3 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT Record (MetadataEntry*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
]>
<HealthData locale="en_GB">
 <ExportDate value="2026-11-22 08:00:00 +0100"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-07-31" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
""")
watch = "Jo’s Apple Watch"
phone = "Jo’s iPhone"
watch_device = ("&lt;&lt;HKDevice: 0x283e1d6d0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
                "hardware:Watch6,2, software:10.1&gt;")
phone_device = ("&lt;&lt;HKDevice: 0x283e1e120&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
                "hardware:iPhone14,5, software:17.1&gt;")

def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S +0100")

def record(kind, source, device, unit, value, start, end, children=""):
    text = (f' <Record type="{kind}" sourceName="{source}" sourceVersion="10.1" device="{device}" unit="{unit}" '
            f'creationDate="{stamp(end)}" startDate="{stamp(start)}" endDate="{stamp(end)}" value="{value}"')
    return text + (f'>\n{children} </Record>\n' if children else '/>\n')

day = datetime.datetime(2020, 1, 1)
written = 0
while written < size:
    chunk = []
    minute = datetime.timedelta(minutes=1)
    for m in range(0, 24 * 60, 3):
        start = day + m * minute
        chunk.append(record("HKQuantityTypeIdentifierActiveEnergyBurned", watch, watch_device, "kcal",
                            f"{random.uniform(0.05, 4):.3f}", start, start + 2 * minute))
        chunk.append(record("HKQuantityTypeIdentifierBasalEnergyBurned", watch, watch_device, "kcal",
                            f"{random.uniform(1, 1.3):.3f}", start, start + 2 * minute))
    for m in range(0, 24 * 60, 5):
        start = day + m * minute
        chunk.append(record("HKQuantityTypeIdentifierHeartRate", watch, watch_device, "count/min", random.randint(52, 150),
                            start, start, '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n'))
    for source, device in ((phone, phone_device), (watch, watch_device)):
        for m in range(7 * 60, 22 * 60, 10):
            start = day + m * minute
            steps = random.randint(0, 180)
            chunk.append(record("HKQuantityTypeIdentifierStepCount", source, device, "count", steps, start, start + 9 * minute))
            chunk.append(record("HKQuantityTypeIdentifierDistanceWalkingRunning", source, device, "km",
                                f"{steps * 0.00072:.5f}", start, start + 9 * minute))
    night = day - datetime.timedelta(hours=1) + random.randint(0, 60) * minute
    for stage in range(12):
        length = random.randint(20, 45) * minute
        value = random.choice(["AsleepCore", "AsleepDeep", "AsleepREM", "Awake"])
        chunk.append(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="{watch}" sourceVersion="10.1" '
                     f'device="{watch_device}" creationDate="{stamp(night + length)}" startDate="{stamp(night)}" '
                     f'endDate="{stamp(night + length)}" value="HKCategoryValueSleepAnalysis{value}"/>\n')
        night += length
    if random.random() < 0.4:
        start = day + datetime.timedelta(hours=18)
        length = random.randint(20, 70)
        kind = random.choice(["Running", "Cycling", "Yoga", "TraditionalStrengthTraining"])
        chunk.append(f' <Workout workoutActivityType="HKWorkoutActivityType{kind}" duration="{length}.25" durationUnit="min" '
                     f'sourceName="{watch}" sourceVersion="10.1" device="{watch_device}" creationDate="{stamp(start)}" '
                     f'startDate="{stamp(start)}" endDate="{stamp(start + length * minute)}">\n'
                     f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{stamp(start)}" '
                     f'endDate="{stamp(start + length * minute)}" sum="{length * 9}" unit="kcal"/>\n </Workout>\n')
    text = "".join(chunk)
    out.write(text)
    written += len(text.encode())
    day += datetime.timedelta(days=1)
out.write("</HealthData>\n")
out.close()
print(f"{written / 1e6:.0f} MB, {(day - datetime.datetime(2020, 1, 1)).days} days from 2020-01-01", file=sys.stderr)
