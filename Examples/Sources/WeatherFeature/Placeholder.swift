// The Weather example feature (being written).
