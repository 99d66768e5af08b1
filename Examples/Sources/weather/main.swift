print("weather: being written")
