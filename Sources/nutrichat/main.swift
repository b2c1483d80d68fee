print("nutrichat")
