print("DumpBenchmark: not written yet")
