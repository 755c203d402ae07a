#!/usr/bin/env python3
"""Makes export.zip as the Health app shares it: apple_health_export/export.xml (deflated) beside
export_cda.xml. The export is generated: 45 days of step counts from a phone and a watch, sleep,
workouts and heart-rate records no rule reads, about 3 MB, so that reading it crosses many
deflate blocks and the 256 KiB output blocks of the inflater (Inflate). Run it again to remake the file
(the bytes are the same: fixed seed, fixed timestamps)."""
import random, zipfile, io

random.seed(10)
out = io.StringIO()
out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (Record*)>\n]>\n')
out.write('<HealthData locale="en_GB">\n <ExportDate value="2026-11-22 08:00:00 +0100"/>\n')
device = '&lt;&lt;HKDevice: 0x283e1d6d0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch&gt;'
for day in range(1, 46):
    month, date = (10, day) if day <= 31 else (11, day - 31)
    stamp = f'2026-{month:02d}-{date:02d}'
    for source in ('Jo’s iPhone', 'Jo’s Apple Watch'):
        for hour in range(7, 22):
            for minute in (5, 20, 35, 50):
                steps = random.randint(0, 250)
                extra = f' device="{device}"' if 'Watch' in source else ''
                out.write(f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="{source}" sourceVersion="17.1" unit="count"'
                          f' creationDate="{stamp} {hour:02d}:{minute + 5:02d}:00 +0100" startDate="{stamp} {hour:02d}:{minute:02d}:00 +0100"'
                          f' endDate="{stamp} {hour:02d}:{minute + 4:02d}:00 +0100" value="{steps}"{extra}/>\n')
                out.write(f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="{source}" unit="count/min"'
                          f' startDate="{stamp} {hour:02d}:{minute:02d}:00 +0100" endDate="{stamp} {hour:02d}:{minute:02d}:00 +0100"'
                          f' value="{random.randint(55, 140)}">\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n')
    out.write(f' <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Jo’s Apple Watch" value="HKCategoryValueSleepAnalysisAsleepCore"'
              f' startDate="{stamp} 00:{random.randint(10, 50):02d}:00 +0100" endDate="{stamp} 06:{random.randint(10, 50):02d}:00 +0100"/>\n')
    if day % 3 == 0:
        out.write(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="{random.randint(20, 50)}.5" durationUnit="min"'
                  f' sourceName="Jo’s Apple Watch" startDate="{stamp} 18:00:00 +0100" endDate="{stamp} 18:50:00 +0100">\n'
                  f'  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" sum="300" unit="kcal"/>\n </Workout>\n')
out.write('</HealthData>\n')
data = out.getvalue().encode()
with zipfile.ZipFile('export.zip', 'w', zipfile.ZIP_DEFLATED) as archive:
    for name, text in (('apple_health_export/export_cda.xml', b'<?xml version="1.0"?>\n<ClinicalDocument/>\n'),
                       ('apple_health_export/export.xml', data)):
        info = zipfile.ZipInfo(name, date_time=(2026, 11, 22, 8, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        archive.writestr(info, text)
print(len(data), 'bytes of XML')
