print("DependenciesBenchmark: not written yet")
