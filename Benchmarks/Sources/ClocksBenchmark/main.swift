print("ClocksBenchmark: not written yet")
